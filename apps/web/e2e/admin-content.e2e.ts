import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { commanderMessages } from '@post/contracts/messages/commander';
import { commonMessages } from '@post/contracts/messages/common';
import { communityMessages } from '@post/contracts/messages/community';
import { eventMessages } from '@post/contracts/messages/events';
import { newsMessages } from '@post/contracts/messages/news';
import { resourceMessages } from '@post/contracts/messages/resources';
import { zonedToUtc } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { api, collectErrors, field, postDate, signInAdmin, table, toast } from './admin-helpers.ts';

// An administrator creates, edits and deletes one of each content type through the admin
// forms, and the public site shows each change (spec §2 Admin dashboard, Admin forms).
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

async function adminPage() {
  const { page, context } = await site.newPage();
  const noErrors = collectErrors(page);
  await signInAdmin(page);
  return { page, context, noErrors };
}

/** Confirms the row's delete in the dialog that asks `question`. */
async function deleteRow(page: Page, name: string | RegExp, question: string) {
  await page.getByRole('button', { name: typeof name === 'string' ? `Delete ${name}` : name }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
}

test.describe('admin content', () => {
  test('creates, edits and deletes an event, entered in the post time zone', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Honor Guard Practice';
    const day = postDate(1);

    await page.getByRole('link', { name: 'Add Event' }).click();
    await page.waitForURL('**/admin/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill('Rifle drill for the Veterans Day ceremony.');
    await field(page, 'Location').fill('Post Home, 100 Main Street');
    await field(page, 'Start Date').fill(day);
    await field(page, 'Start Time').fill('06:00');
    await field(page, 'End Time').fill('07:30');
    await field(page, 'Event Type').selectOption('community');
    await field(page, 'Volunteer Positions').fill('4');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    await page.waitForURL((u) => u.pathname === '/admin');
    const row = table(page, 'Events').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('6:00 AM');
    await expect(row).toContainText('Community');

    // Stored as the instant of 06:00 in New York, although the browser is in Los Angeles.
    const list = await api(page, '/api/events');
    const created = (list.body as { id: number; title: string }[]).find((e) => e.title === title)!;
    const stored = await api(page, `/api/events/${created.id}`);
    expect(Date.parse(stored.body.startDate)).toBe(zonedToUtc(day, '06:00', 'America/New_York').getTime());
    expect(Date.parse(stored.body.endDate)).toBe(zonedToUtc(day, '07:30', 'America/New_York').getTime());
    expect(stored.body.type).toBe('community');
    expect(stored.body.volunteerPositions).toBe(4);

    // The home page lists it under Upcoming Events.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Upcoming Events' }).getByText(title).first()).toBeVisible();

    // Edit: the form shows the stored wall-clock time back.
    await page.goto('/admin');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/events/${created.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Start Time')).toHaveValue('06:00');
    await expect(field(page, 'End Time')).toHaveValue('07:30');
    await expect(field(page, 'Start Date')).toHaveValue(day);
    await expect(page.getByRole('heading', { name: /Registered Volunteers \(0\)/ })).toBeVisible();
    await field(page, 'Title').fill(`${title} (moved)`);
    await field(page, 'Location').fill('Hometown Park Pavilion');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await toast(page, eventMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin');
    await expect(table(page, 'Events').getByText(`${title} (moved)`)).toBeVisible();
    const updated = await api(page, `/api/events/${created.id}`);
    expect(updated.body.location).toBe('Hometown Park Pavilion');
    expect(Date.parse(updated.body.startDate)).toBe(zonedToUtc(day, '06:00', 'America/New_York').getTime());

    // Delete, after the spec's question.
    await deleteRow(page, `${title} (moved)`, commonMessages.confirmDelete('event'));
    await toast(page, commonMessages.deleted);
    await expect(table(page, 'Events').getByText(`${title} (moved)`)).toHaveCount(0);
    // The deleted row took the focus with it: it goes to the table's heading, not the page.
    await page.waitForFunction(() => document.activeElement?.matches('h2[data-admin-table-heading]'));
    expect((await api(page, `/api/events/${created.id}`)).status).toBe(404);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a news item; it leads Latest News on the home page', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Post Wins State Membership Award';
    await page.getByRole('tab', { name: 'News' }).click();
    await page.waitForURL('**/admin?tab=news');
    await page.getByRole('link', { name: 'Add News Item' }).click();
    await page.waitForURL('**/admin/news/new');
    await expect(page.getByRole('heading', { name: 'New News Item', level: 1 })).toBeVisible();
    await expect(field(page, 'Publish Date')).toHaveValue(postDate(0));
    await field(page, 'Title').fill(title);
    await field(page, 'Content').fill('The department commander presented the award at the mid-winter conference.');
    await page.getByRole('switch', { name: 'Featured' }).click();
    await page.getByRole('button', { name: 'Create News Item' }).click();
    await toast(page, newsMessages.created);
    await page.waitForURL('**/admin?tab=news');
    const row = table(page, 'News').getByRole('row').filter({ hasText: title });
    expect(await row.innerText()).toMatch(/Yes/);

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Latest News' }).getByText(title).first()).toBeVisible();
    const news = (await api(page, '/api/news')).body as { id: number; title: string; featured: boolean }[];
    const item = news.find((n) => n.title === title)!;
    expect(item.featured).toBe(true);

    await page.goto('/admin?tab=news');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/news/${item.id}`);
    await expect(page.getByRole('heading', { name: 'Edit News Item', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(title);
    await field(page, 'Title').fill(`${title} Again`);
    await page.getByRole('switch', { name: 'Featured' }).click();
    await page.getByRole('button', { name: 'Update News Item' }).click();
    await toast(page, newsMessages.updated);
    await page.waitForURL('**/admin?tab=news');
    const edited = table(page, 'News')
      .getByRole('row')
      .filter({ hasText: `${title} Again` });
    expect(await edited.innerText()).toMatch(/No/);
    expect((await api(page, `/api/news/${item.id}`)).body.title).toBe(`${title} Again`);

    await deleteRow(page, `${title} Again`, commonMessages.confirmDelete('news item'));
    await toast(page, commonMessages.deleted);
    await expect(table(page, 'News').getByText(`${title} Again`)).toHaveCount(0);
    expect((await api(page, `/api/news/${item.id}`)).status).toBe(404);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a resource; the resources page lists it', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Caregiver Support Program';
    await page.goto('/admin?tab=resources');
    await page.getByRole('link', { name: 'Add Resource' }).click();
    await page.waitForURL('**/admin/resources/new');
    await expect(page.getByRole('heading', { name: 'New Resource', level: 1 })).toBeVisible();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill('Help and training for family caregivers of veterans.');
    await field(page, 'URL').fill('not a url');
    await field(page, 'Category').selectOption('healthcare');
    await field(page, 'Display Order').fill('');
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await expect(page.getByText('Please enter a valid URL (starting with http:// or https://)')).toBeVisible();
    await field(page, 'URL').fill('https://www.caregiver.va.gov/');
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await toast(page, resourceMessages.created);
    await page.waitForURL('**/admin?tab=resources');
    const row = table(page, 'Resources').getByRole('row').filter({ hasText: title });
    expect(await row.innerText()).toMatch(/Healthcare/);
    const resources = (await api(page, '/api/resources')).body as { id: number; title: string; order: number }[];
    const created = resources.find((r) => r.title === title)!;
    expect(created.order, 'an empty display order is stored as 0').toBe(0);

    await page.goto('/resources');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

    await page.goto('/admin?tab=resources');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/resources/${created.id}`);
    await expect(field(page, 'URL')).toHaveValue('https://www.caregiver.va.gov/');
    await field(page, 'Category').selectOption('benefits');
    await field(page, 'Display Order').fill('3');
    await page.getByRole('button', { name: 'Update Resource' }).click();
    await toast(page, resourceMessages.updated);
    await page.waitForURL('**/admin?tab=resources');
    const after = (await api(page, `/api/resources/${created.id}`)).body;
    expect(after.category).toBe('benefits');
    expect(after.order).toBe(3);

    await deleteRow(page, title, commonMessages.confirmDelete('resource'));
    await toast(page, commonMessages.deleted);
    await expect(table(page, 'Resources').getByText(title)).toHaveCount(0);
    await page.goto('/resources');
    await expect(page.getByRole('heading', { name: 'Veteran Resources', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a commander message; the home page shows the active one', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin?tab=commander');
    await page.getByRole('link', { name: 'Add Commander Message' }).click();
    await page.waitForURL('**/admin/commander-messages/new');
    await expect(page.getByRole('heading', { name: 'New Commander Message', level: 1 })).toBeVisible();
    await field(page, 'Message').fill('Comrades,\nOur E2E color guard marches on Saturday.');
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await toast(page, commanderMessages.created);
    await page.waitForURL('**/admin?tab=commander');
    const rows = table(page, 'Commander Messages').getByRole('row');
    const mine = rows.filter({ hasText: 'Our E2E color guard' });
    expect(await mine.innerText()).toMatch(/Active/);
    // Saving as active leaves exactly one active message.
    await expect(table(page, 'Commander Messages').getByText('Active', { exact: true })).toHaveCount(1);

    const active = await api(page, '/api/commander-message');
    expect(active.body.content).toMatch(/Our E2E color guard marches on Saturday\./);
    await page.goto('/');
    await expect(page.getByRole('region', { name: "Commander's Message" }).getByText(/Our E2E color guard marches on Saturday\./)).toBeVisible();

    await page.goto('/admin?tab=commander');
    await page.getByRole('link', { name: /^Edit message of .*Our E2E color guard/ }).click();
    await page.waitForURL(/\/admin\/commander-messages\/\d+$/);
    await expect(field(page, 'Message')).toHaveValue('Comrades,\nOur E2E color guard marches on Saturday.');
    await field(page, 'Message').fill('Comrades,\nOur E2E color guard marches on Sunday.');
    await page.getByRole('button', { name: 'Update Message' }).click();
    await toast(page, commanderMessages.updated);
    await page.waitForURL('**/admin?tab=commander');
    expect((await api(page, '/api/commander-message')).body.content).toMatch(/marches on Sunday\./);

    await deleteRow(page, /^Delete message of .*Our E2E color guard/, commanderMessages.confirmDelete);
    await toast(page, commanderMessages.deleted);
    await expect(table(page, 'Commander Messages').getByText(/Our E2E color guard/)).toHaveCount(0);
    // The one it replaced stays inactive: no active message now, and the home page says so.
    expect((await api(page, '/api/commander-message')).status).toBe(404);
    await page.goto('/');
    await expect(page.getByRole('region', { name: "Commander's Message" }).getByText(commanderMessages.noneAvailable)).toBeVisible();
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a community engagement; the home page shows the active one', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Wreaths Across Hometown';
    await page.goto('/admin?tab=engagements');
    await page.getByRole('link', { name: 'Add Community Engagement' }).click();
    await page.waitForURL('**/admin/community-engagement/new');
    await expect(page.getByRole('heading', { name: 'New Community Engagement', level: 1 })).toBeVisible();
    await expect(page.getByText(communityMessages.oneActive)).toBeVisible();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill('Members laid 200 wreaths at Hometown Cemetery.');
    await field(page, 'Tags').fill(' , ');
    await page.getByRole('button', { name: 'Create Engagement' }).click();
    await expect(page.getByText('Tags are required')).toBeVisible();
    await field(page, 'Tags').fill('Remembrance, , Volunteering ');
    await expect(page.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Create Engagement' }).click();
    await toast(page, communityMessages.created);
    await page.waitForURL('**/admin?tab=engagements');
    const row = table(page, 'Community Engagements').getByRole('row').filter({ hasText: title });
    expect(await row.innerText()).toMatch(/Remembrance/);
    expect(await row.innerText()).toMatch(/Active/);
    await expect(table(page, 'Community Engagements').getByText('Active', { exact: true })).toHaveCount(1);
    const active = await api(page, '/api/community-engagements/active');
    expect(active.body.title).toBe(title);
    expect(active.body.tags).toStrictEqual(['Remembrance', 'Volunteering']);

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Community Engagement' }).getByText(title).first()).toBeVisible();

    await page.goto('/admin?tab=engagements');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/community-engagement/${active.body.id}`);
    await expect(field(page, 'Tags')).toHaveValue('Remembrance, Volunteering');
    await field(page, 'Image URL').fill('ftp://example.org/x.png');
    await page.getByRole('button', { name: 'Update Engagement' }).click();
    await expect(page.getByText('Please enter a valid URL (starting with http:// or https://)')).toBeVisible();
    await field(page, 'Image URL').fill('');
    await field(page, 'Title').fill(`${title} 2026`);
    await page.getByRole('button', { name: 'Update Engagement' }).click();
    await toast(page, communityMessages.updated);
    await page.waitForURL('**/admin?tab=engagements');
    expect((await api(page, `/api/community-engagements/${active.body.id}`)).body.title).toBe(`${title} 2026`);

    await deleteRow(page, `${title} 2026`, commonMessages.confirmDelete('community engagement'));
    await toast(page, commonMessages.deleted);
    await expect(table(page, 'Community Engagements').getByText(`${title} 2026`)).toHaveCount(0);
    expect((await api(page, `/api/community-engagements/${active.body.id}`)).status).toBe(404);
    noErrors();
    await context.close();
  });
});
