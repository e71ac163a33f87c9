import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
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
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
}

test.describe('admin content', () => {
  test('creates, edits and deletes an event, entered in the post time zone', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Honor Guard Practice';
    const day = postDate(1);

    await page.getByRole('link', { name: 'Add Event' }).click();
    await page.waitForURL('**/admin/events/new');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
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
    await row.waitFor();
    assert.match(await row.innerText(), /6:00 AM/);
    assert.match(await row.innerText(), /Community/);

    // Stored as the instant of 06:00 in New York, although the browser is in Los Angeles.
    const list = await api(page, '/api/events');
    const created = (list.body as { id: number; title: string }[]).find((e) => e.title === title)!;
    const stored = await api(page, `/api/events/${created.id}`);
    assert.equal(Date.parse(stored.body.startDate), zonedToUtc(day, '06:00', 'America/New_York').getTime());
    assert.equal(Date.parse(stored.body.endDate), zonedToUtc(day, '07:30', 'America/New_York').getTime());
    assert.equal(stored.body.type, 'community');
    assert.equal(stored.body.volunteerPositions, 4);

    // The home page lists it under Upcoming Events.
    await page.goto('/');
    await page.getByRole('region', { name: 'Upcoming Events' }).getByText(title).first().waitFor();

    // Edit: the form shows the stored wall-clock time back.
    await page.goto('/admin');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/events/${created.id}`);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Start Time').inputValue(), '06:00');
    assert.equal(await field(page, 'End Time').inputValue(), '07:30');
    assert.equal(await field(page, 'Start Date').inputValue(), day);
    await page.getByRole('heading', { name: /Registered Volunteers \(0\)/ }).waitFor();
    await field(page, 'Title').fill(`${title} (moved)`);
    await field(page, 'Location').fill('Hometown Park Pavilion');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await toast(page, eventMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin');
    await table(page, 'Events').getByText(`${title} (moved)`).waitFor();
    const updated = await api(page, `/api/events/${created.id}`);
    assert.equal(updated.body.location, 'Hometown Park Pavilion');
    assert.equal(Date.parse(updated.body.startDate), zonedToUtc(day, '06:00', 'America/New_York').getTime());

    // Delete, after the spec's question.
    await deleteRow(page, `${title} (moved)`, commonMessages.confirmDelete('event'));
    await toast(page, commonMessages.deleted);
    await table(page, 'Events').getByText(`${title} (moved)`).waitFor({ state: 'detached' });
    // The deleted row took the focus with it: it goes to the table's heading, not the page.
    await page.waitForFunction(() => document.activeElement?.matches('h2[data-admin-table-heading]'));
    assert.equal((await api(page, `/api/events/${created.id}`)).status, 404);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a news item; it leads Latest News on the home page', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Post Wins State Membership Award';
    await page.getByRole('tab', { name: 'News' }).click();
    await page.waitForURL('**/admin?tab=news');
    await page.getByRole('link', { name: 'Add News Item' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/news' && !u.searchParams.has('id'));
    await page.getByRole('heading', { name: 'New News Item', level: 1 }).waitFor();
    assert.equal(await field(page, 'Publish Date').inputValue(), postDate(0));
    await field(page, 'Title').fill(title);
    await field(page, 'Content').fill('The department commander presented the award at the mid-winter conference.');
    await page.getByRole('switch', { name: 'Featured' }).click();
    await page.getByRole('button', { name: 'Create News Item' }).click();
    await toast(page, newsMessages.created);
    await page.waitForURL('**/admin?tab=news');
    const row = table(page, 'News').getByRole('row').filter({ hasText: title });
    assert.match(await row.innerText(), /Yes/);

    await page.goto('/');
    await page.getByRole('region', { name: 'Latest News' }).getByText(title).first().waitFor();
    const news = (await api(page, '/api/news')).body as { id: number; title: string; featured: boolean }[];
    const item = news.find((n) => n.title === title)!;
    assert.equal(item.featured, true);

    await page.goto('/admin?tab=news');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/news?id=${item.id}`);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), title);
    await field(page, 'Title').fill(`${title} Again`);
    await page.getByRole('switch', { name: 'Featured' }).click();
    await page.getByRole('button', { name: 'Update News Item' }).click();
    await toast(page, newsMessages.updated);
    await page.waitForURL('**/admin?tab=news');
    const edited = table(page, 'News')
      .getByRole('row')
      .filter({ hasText: `${title} Again` });
    assert.match(await edited.innerText(), /No/);
    assert.equal((await api(page, `/api/news/${item.id}`)).body.title, `${title} Again`);

    await deleteRow(page, `${title} Again`, commonMessages.confirmDelete('news item'));
    await toast(page, commonMessages.deleted);
    await table(page, 'News').getByText(`${title} Again`).waitFor({ state: 'detached' });
    assert.equal((await api(page, `/api/news/${item.id}`)).status, 404);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a resource; the resources page lists it', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Caregiver Support Program';
    await page.goto('/admin?tab=resources');
    await page.getByRole('link', { name: 'Add Resource' }).click();
    await page.waitForURL('**/admin/resources/new');
    await page.getByRole('heading', { name: 'New Resource', level: 1 }).waitFor();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill('Help and training for family caregivers of veterans.');
    await field(page, 'URL').fill('not a url');
    await field(page, 'Category').selectOption('healthcare');
    await field(page, 'Display Order').fill('');
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await page.getByText('Please enter a valid URL (starting with http:// or https://)').waitFor();
    await field(page, 'URL').fill('https://www.caregiver.va.gov/');
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await toast(page, resourceMessages.created);
    await page.waitForURL('**/admin?tab=resources');
    const row = table(page, 'Resources').getByRole('row').filter({ hasText: title });
    assert.match(await row.innerText(), /Healthcare/);
    const resources = (await api(page, '/api/resources')).body as { id: number; title: string; order: number }[];
    const created = resources.find((r) => r.title === title)!;
    assert.equal(created.order, 0, 'an empty display order is stored as 0');

    await page.goto('/resources');
    await page.getByRole('link', { name: title }).first().waitFor();

    await page.goto('/admin?tab=resources');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/resources/${created.id}`);
    assert.equal(await field(page, 'URL').inputValue(), 'https://www.caregiver.va.gov/');
    await field(page, 'Category').selectOption('benefits');
    await field(page, 'Display Order').fill('3');
    await page.getByRole('button', { name: 'Update Resource' }).click();
    await toast(page, resourceMessages.updated);
    await page.waitForURL('**/admin?tab=resources');
    const after = (await api(page, `/api/resources/${created.id}`)).body;
    assert.equal(after.category, 'benefits');
    assert.equal(after.order, 3);

    await deleteRow(page, title, commonMessages.confirmDelete('resource'));
    await toast(page, commonMessages.deleted);
    await table(page, 'Resources').getByText(title).waitFor({ state: 'detached' });
    await page.goto('/resources');
    await page.getByRole('heading', { name: 'Veteran Resources', level: 1 }).waitFor();
    assert.equal(await page.getByRole('link', { name: title }).count(), 0);
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a commander message; the home page shows the active one', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin?tab=commander');
    await page.getByRole('link', { name: 'Add Commander Message' }).click();
    await page.waitForURL('**/admin/commander-messages/new');
    await page.getByRole('heading', { name: 'New Commander Message', level: 1 }).waitFor();
    await field(page, 'Message').fill('Comrades,\nOur E2E color guard marches on Saturday.');
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await toast(page, commanderMessages.created);
    await page.waitForURL('**/admin?tab=commander');
    const rows = table(page, 'Commander Messages').getByRole('row');
    const mine = rows.filter({ hasText: 'Our E2E color guard' });
    assert.match(await mine.innerText(), /Active/);
    // Saving as active leaves exactly one active message.
    assert.equal(await table(page, 'Commander Messages').getByText('Active', { exact: true }).count(), 1);

    const active = await api(page, '/api/commander-message');
    assert.match(active.body.content, /Our E2E color guard marches on Saturday\./);
    await page.goto('/');
    await page
      .getByRole('region', { name: "Commander's Message" })
      .getByText(/Our E2E color guard marches on Saturday\./)
      .waitFor();

    await page.goto('/admin?tab=commander');
    await page.getByRole('link', { name: /^Edit message of .*Our E2E color guard/ }).click();
    await page.waitForURL(/\/admin\/commander-messages\/\d+$/);
    assert.equal(await field(page, 'Message').inputValue(), 'Comrades,\nOur E2E color guard marches on Saturday.');
    await field(page, 'Message').fill('Comrades,\nOur E2E color guard marches on Sunday.');
    await page.getByRole('button', { name: 'Update Message' }).click();
    await toast(page, commanderMessages.updated);
    await page.waitForURL('**/admin?tab=commander');
    assert.match((await api(page, '/api/commander-message')).body.content, /marches on Sunday\./);

    await deleteRow(page, /^Delete message of .*Our E2E color guard/, commanderMessages.confirmDelete);
    await toast(page, commanderMessages.deleted);
    await table(page, 'Commander Messages')
      .getByText(/Our E2E color guard/)
      .waitFor({ state: 'detached' });
    // The one it replaced stays inactive: no active message now, and the home page says so.
    assert.equal((await api(page, '/api/commander-message')).status, 404);
    await page.goto('/');
    await page.getByRole('region', { name: "Commander's Message" }).getByText(commanderMessages.noneAvailable).waitFor();
    noErrors();
    await context.close();
  });

  test('creates, edits and deletes a community engagement; the home page shows the active one', async () => {
    const { page, context, noErrors } = await adminPage();
    const title = 'E2E Wreaths Across Hometown';
    await page.goto('/admin?tab=engagements');
    await page.getByRole('link', { name: 'Add Community Engagement' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/community-engagement');
    await page.getByRole('heading', { name: 'New Community Engagement', level: 1 }).waitFor();
    await page.getByText(communityMessages.oneActive).waitFor();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill('Members laid 200 wreaths at Hometown Cemetery.');
    await field(page, 'Tags').fill(' , ');
    await page.getByRole('button', { name: 'Create Engagement' }).click();
    await page.getByText('Tags are required').waitFor();
    await field(page, 'Tags').fill('Remembrance, , Volunteering ');
    assert.equal(await page.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked'), 'true');
    await page.getByRole('button', { name: 'Create Engagement' }).click();
    await toast(page, communityMessages.created);
    await page.waitForURL('**/admin?tab=engagements');
    const row = table(page, 'Community Engagements').getByRole('row').filter({ hasText: title });
    assert.match(await row.innerText(), /Remembrance/);
    assert.match(await row.innerText(), /Active/);
    assert.equal(await table(page, 'Community Engagements').getByText('Active', { exact: true }).count(), 1);
    const active = await api(page, '/api/community-engagements/active');
    assert.equal(active.body.title, title);
    assert.deepEqual(active.body.tags, ['Remembrance', 'Volunteering']);

    await page.goto('/');
    await page.getByRole('region', { name: 'Community Engagement' }).getByText(title).first().waitFor();

    await page.goto('/admin?tab=engagements');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/community-engagement/${active.body.id}`);
    assert.equal(await field(page, 'Tags').inputValue(), 'Remembrance, Volunteering');
    await field(page, 'Image URL').fill('ftp://example.org/x.png');
    await page.getByRole('button', { name: 'Update Engagement' }).click();
    await page.getByText('Please enter a valid URL (starting with http:// or https://)').waitFor();
    await field(page, 'Image URL').fill('');
    await field(page, 'Title').fill(`${title} 2026`);
    await page.getByRole('button', { name: 'Update Engagement' }).click();
    await toast(page, communityMessages.updated);
    await page.waitForURL('**/admin?tab=engagements');
    assert.equal((await api(page, `/api/community-engagements/${active.body.id}`)).body.title, `${title} 2026`);

    await deleteRow(page, `${title} 2026`, commonMessages.confirmDelete('community engagement'));
    await toast(page, commonMessages.deleted);
    await table(page, 'Community Engagements').getByText(`${title} 2026`).waitFor({ state: 'detached' });
    assert.equal((await api(page, `/api/community-engagements/${active.body.id}`)).status, 404);
    noErrors();
    await context.close();
  });
});
