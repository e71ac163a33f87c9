import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { commanderMessages } from '@post/contracts/messages/commander';
import { commonMessages } from '@post/contracts/messages/common';
import { communityMessages } from '@post/contracts/messages/community';
import { eventMessages } from '@post/contracts/messages/events';
import { formMessages } from '@post/contracts/messages/forms';
import { resourceMessages } from '@post/contracts/messages/resources';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { startSite, type TestSite } from './harness.ts';
import { api, axeViolations, collectErrors, field, signInAdmin, table, toast } from './admin-helpers.ts';

// The admin forms' rules (spec §4, §5), the dashboard's activation and phone layout, and the
// question asked before unsaved changes are lost.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** The column headers of a dashboard table, once it has loaded. */
async function headers(page: Page, name: string): Promise<string[]> {
  await expect(table(page, name)).toBeVisible();
  return table(page, name).getByRole('columnheader').allInnerTexts();
}

async function adminPage(width = 1280) {
  const { page, context } = await site.newPage({ width, height: width < 500 ? 844 : 900 });
  const noErrors = collectErrors(page);
  await signInAdmin(page);
  return { page, context, noErrors };
}

test.describe('event form', () => {
  test('moves the end with the start: time +30 minutes (past midnight too), start date sets both dates', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    const [startDate, startTime, endDate, endTime] = ['Start Date', 'Start Time', 'End Date', 'End Time'].map((l) => field(page, l));
    await expect(startTime).toHaveValue('09:00');
    await expect(endTime).toHaveValue('11:00');
    await expect(field(page, 'Event Type')).toHaveValue('regular');
    await expect(field(page, 'Volunteer Positions')).toHaveValue('10');

    await startTime.fill('10:15');
    await expect(endTime).toHaveValue('10:45');

    await startDate.fill('2027-03-10');
    await expect(startDate).toHaveValue('2027-03-10');
    await expect(endDate).toHaveValue('2027-03-10');

    await endDate.fill('2027-03-12');
    await expect(endDate).toHaveValue('2027-03-12');
    await expect(startDate, 'picking an end date changes only the end date').toHaveValue('2027-03-10');

    await startDate.fill('2027-03-14');
    await startTime.fill('23:45');
    await expect(endTime).toHaveValue('00:15');
    // The end past midnight falls on the next day, so the range stays valid.
    await expect(endDate).toHaveValue('2027-03-15');

    // Editing the end time by hand is kept.
    await endTime.fill('01:00');
    await expect(startTime).toHaveValue('23:45');
    await expect(endTime).toHaveValue('01:00');
    noErrors();
    await context.close();
  });

  test("shows the spec's messages, focuses the first invalid field and keeps what was typed", async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await field(page, 'Start Date').fill('');
    await field(page, 'Start Time').fill('');
    await page.getByRole('button', { name: 'Create Event' }).click();
    for (const m of [
      formMessages.titleRequired,
      formMessages.descriptionRequired,
      eventMessages.locationRequired,
      eventMessages.startDateRequired,
      eventMessages.startTimeRequired,
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await expect(field(page, 'Title')).toBeFocused();
    // Errors are tied to their fields for screen readers.
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await field(page, 'Title').getAttribute('aria-describedby'))!;
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(formMessages.titleRequired, { useInnerText: true });

    await field(page, 'Title').fill('Memorial Day Parade');
    await field(page, 'Description').fill('March with the post.');
    await field(page, 'Location').fill('Main Street');
    await field(page, 'Start Date').fill('2027-05-31');
    await field(page, 'Start Time').fill('10:00');
    await field(page, 'End Date').fill('2027-05-30');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText(eventMessages.endBeforeStart)).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue('Memorial Day Parade');
    await expect(field(page, 'Description')).toHaveValue('March with the post.');
    await context.close();
  });

  test('pre-fills the range picked on the calendar (a plain end date is the last day)', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/events/new?start=2027-04-06&end=2027-04-08');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Start Date')).toHaveValue('2027-04-06');
    await expect(field(page, 'End Date')).toHaveValue('2027-04-08');
    await expect(field(page, 'Start Time')).toHaveValue('09:00');
    await expect(field(page, 'End Time')).toHaveValue('11:00');

    // One day.
    await page.goto('/admin/events/new?start=2027-04-06&end=2027-04-06');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await expect(field(page, 'End Date')).toHaveValue('2027-04-06');

    // Date-times with an offset are shown in the post's zone (New York).
    await page.goto(`/admin/events/new?${new URLSearchParams({ start: '2027-04-06T18:00:00Z', end: '2027-04-06T19:30:00Z' })}`);
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Start Date')).toHaveValue('2027-04-06');
    await expect(field(page, 'Start Time')).toHaveValue('14:00');
    await expect(field(page, 'End Time')).toHaveValue('15:30');
    await context.close();
  });

  test('lists the registered volunteers, with a dash for a missing phone or role, and removes one after confirming', async () => {
    const { page, context } = await adminPage();
    const upcoming = (await api(page, '/api/events/upcoming')).body as { id: number; title: string }[];
    const event = upcoming[upcoming.length - 1]!;
    const res = await page.request.post('/api/volunteers', {
      data: { eventId: event.id, name: 'Pat Volunteer', email: 'pat.volunteer@example.org', phone: '', role: '' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto(`/admin/events/${event.id}`);
    const list = page.getByRole('table', { name: 'Registered volunteers' });
    const row = list.getByRole('row').filter({ hasText: 'Pat Volunteer' });
    await expect(row).toBeVisible();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(['Pat Volunteer', 'pat.volunteer@example.org', '-', '-', 'Remove']);
    // Remove asks first: Cancel keeps the sign-up.
    await row.getByRole('button', { name: 'Remove Pat Volunteer' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(volunteerMessages.confirmRemove('Pat Volunteer'))).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
    // Confirmed: gone from the list and from the event.
    await row.getByRole('button', { name: 'Remove Pat Volunteer' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast(page, volunteerMessages.removed);
    await expect(row).not.toBeAttached();
    const volunteers = (await api(page, `/api/volunteers?eventId=${event.id}`)).body as { name: string }[];
    expect(volunteers.some((v) => v.name === 'Pat Volunteer')).toBe(false);
    await context.close();
  });
});

test.describe('commander message form', () => {
  test('wraps the selection in strong/em/u, previews it safely and requires content', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/commander-messages/new');
    await expect(page.getByRole('heading', { name: 'New Commander Message', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await expect(page.getByText(formMessages.messageContentRequired)).toBeVisible();
    const text = field(page, 'Message');
    await expect(text).toBeFocused();
    await text.fill('   ');
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await expect(page.getByText(formMessages.messageContentRequired)).toBeVisible();

    await text.fill('Hello brave veterans');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 11));
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(text).toHaveValue('Hello <strong>brave</strong> veterans');
    const preview = page.getByTestId('message-preview');
    await expect(preview.locator('strong')).toHaveText('brave', { useInnerText: true });
    // The selection and the focus stay on the same words.
    await expect(text).toBeFocused();
    expect(await text.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([14, 19]);

    await page.getByRole('button', { name: 'Italic' }).click();
    await expect(text).toHaveValue('Hello <strong><em>brave</em></strong> veterans');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 8, el.value.length));
    await page.keyboard.press('Control+u');
    await expect(text).toHaveValue('Hello <strong><em>brave</em></strong> <u>veterans</u>');
    await expect(preview.locator('u')).toHaveText('veterans', { useInnerText: true });

    // Newlines show as line breaks; anything outside the allow-list never reaches the page.
    await text.press('End');
    await text.pressSequentially(
      '\nSecond line<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="https://example.org" onclick="x()">link</a>',
    );
    await expect(preview.getByText('Second line')).toBeVisible();
    await expect(preview.locator('br')).toHaveCount(1);
    await expect(preview.locator('img, script, a, [onerror], [onclick]')).toHaveCount(0);
    await expect(preview).toHaveText(/link/, { useInnerText: true });
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBe(undefined);
    noErrors();
    await context.close();
  });
});

test.describe('dashboard', () => {
  test("'Make Active' leaves exactly one active commander message and one active engagement", async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin?tab=commander');
    const messages = table(page, 'Commander Messages');
    await expect(messages).toBeVisible();
    const inactive = messages
      .getByRole('row')
      .filter({ has: page.getByText('Inactive', { exact: true }) })
      .first();
    const name = (await inactive.getByRole('button', { name: /^Make Active/ }).getAttribute('aria-label'))!;
    const id = Number((await inactive.getByRole('link', { name: /^Edit/ }).getAttribute('href'))!.split('/').pop());
    await inactive.getByRole('button', { name: /^Make Active/ }).click();
    await toast(page, commanderMessages.activated);
    // The table shows the new state at once.
    await expect(page.getByRole('button', { name })).not.toBeAttached();
    await expect(messages.getByText('Active', { exact: true })).toHaveCount(1);
    await expect(messages.getByRole('button', { name: /^Make Active/ })).toHaveCount((await messages.getByRole('row').count()) - 2);
    expect((await api(page, '/api/commander-message')).body.id).toBe(id);

    await page.getByRole('tab', { name: 'Community Engagements' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/admin' && u.searchParams.get('tab') === 'engagements');
    const engagements = table(page, 'Community Engagements');
    const row = engagements
      .getByRole('row')
      .filter({ has: page.getByText('Inactive', { exact: true }) })
      .first();
    const title = (await row.getByRole('cell').first().innerText()).trim();
    await row.getByRole('button', { name: /^Make Active/ }).click();
    await toast(page, communityMessages.activated);
    await expect(engagements.getByRole('row').filter({ hasText: title }).getByText('Active', { exact: true })).toBeVisible();
    await expect(engagements.getByText('Active', { exact: true })).toHaveCount(1);
    expect((await api(page, '/api/community-engagements/active')).body.title).toBe(title);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Community Engagement' }).getByText(title).first()).toBeVisible();
    noErrors();
    await context.close();
  });

  test('opens the tab named in ?tab=, shows the columns and links, and logs out', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin?tab=resources');
    await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    expect(await headers(page, 'Resources')).toEqual(['Title', 'Category', 'URL', 'Actions']);
    await page.goto('/admin?tab=nonsense');
    await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    expect(await headers(page, 'Events')).toEqual(['Title', 'Date', 'Location', 'Type', 'Volunteers', 'Actions']);
    await page.getByRole('tab', { name: 'News' }).click();
    expect(await headers(page, 'News')).toEqual(['Title', 'Publish Date', 'Featured', 'Actions']);
    await page.getByRole('tab', { name: 'Commander Messages' }).click();
    expect(await headers(page, 'Commander Messages')).toEqual(['Publish Date', 'Message', 'Status', 'Actions']);
    await page.getByRole('tab', { name: 'Community Engagements' }).click();
    expect(await headers(page, 'Community Engagements')).toEqual(['Title', 'Date', 'Tags', 'Status', 'Actions']);

    const main = page.getByRole('main');
    for (const [name, href] of [
      ['User Management', '/admin/user-management'],
      ['Member Communications', '/admin/member-communications'],
      ['Member Resources', '/admin/member-resources'],
      ['Settings', '/admin/settings'],
      ['Newsletter', '/admin/newsletter'],
    ]) {
      await expect(main.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href);
    }
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Logout' }).click();
    await toast(page, signInMessages.loggedOut);
    await expect(page).toHaveURL((u) => u.pathname === '/');
    expect((await api(page, '/api/auth/check')).body.authenticated).toBe(false);
    await context.close();
  });

  test('shows the empty texts and fits a 390 px phone', async () => {
    const { page, context } = await adminPage(390);
    // Empty the resources list through the API, then look.
    for (const r of (await api(page, '/api/resources')).body as { id: number }[]) {
      expect((await page.request.delete(`/api/resources/${r.id}`)).status()).toBe(200);
    }
    await page.goto('/admin?tab=resources');
    await expect(page.getByText(resourceMessages.noneFound, { exact: true })).toBeVisible();
    await page.goto('/admin');
    await expect(table(page, 'Events')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the page is ${overflow}px wider than the phone`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('asks before a delete and keeps the row when the question is cancelled', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin?tab=news');
    const first = table(page, 'News').getByRole('row').nth(1);
    const title = (await first.getByRole('cell').first().innerText()).trim();
    await first.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(commonMessages.confirmDelete('news item'), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).not.toBeAttached();
    // Focus goes back to the button that opened the question.
    await expect(first.getByRole('button', { name: `Delete ${title}` })).toBeFocused();
    await expect(table(page, 'News').getByText(title, { exact: true })).toHaveCount(1);
    await context.close();
  });
});

test.describe('unsaved changes', () => {
  test('asks before leaving a form with changes, in the app and when the tab closes', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { name: 'New Resource', level: 1 })).toBeVisible();
    // Nothing typed: leaving is free.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/admin' && u.searchParams.get('tab') === 'resources');

    await page.goto('/admin/resources/new');
    await field(page, 'Title').fill('Half-typed resource');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: formMessages.unsavedChanges.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.stay }).click();
    await expect(dialog).not.toBeAttached();
    await expect(page).toHaveURL(/\/admin\/resources\/new$/);
    await expect(field(page, 'Title')).toHaveValue('Half-typed resource');

    // Closing or reloading the tab gets the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.leave }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/admin' && u.searchParams.get('tab') === 'resources');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await context.close();
  });
});

test.describe('who may open the forms', () => {
  test('a visitor without a session who opens the news form is sent to /admin/login', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/admin/news/1');
    // ...carrying the page to come back to after signing in.
    await expect(page).toHaveURL((u) => u.pathname === '/admin/login' && u.searchParams.get('returnTo') === '/admin/news/1');
    await page.goto('/admin/events/new');
    await expect(page.getByRole('tab', { name: 'Administration' })).toBeVisible();
    await context.close();
  });

  test("the spec's addresses of the forms, bookmarked before decision 0099, open the right editor", async () => {
    const { page, context, noErrors } = await adminPage();
    const item = ((await api(page, '/api/news')).body as { id: number; title: string }[])[0]!;
    await page.goto(`/admin/news?id=${item.id}`);
    await expect(page).toHaveURL((u) => u.pathname === `/admin/news/${item.id}` && u.search === '');
    await expect(page.getByRole('heading', { name: 'Edit News Item', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(item.title);

    // The forwarding page is replaced, so Back goes to the page before it.
    await page.goto('/admin?tab=news');
    await expect(table(page, 'News')).toBeVisible();
    await page.goto('/admin/news');
    await expect(page).toHaveURL((u) => u.pathname === '/admin/news/new');
    await expect(page.getByRole('heading', { name: 'New News Item', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((u) => u.pathname === '/admin' && u.searchParams.get('tab') === 'news');

    await page.goto('/admin/community-engagement');
    await expect(page).toHaveURL((u) => u.pathname === '/admin/community-engagement/new');
    await expect(page.getByRole('heading', { name: 'New Community Engagement', level: 1 })).toBeVisible();

    const communication = ((await api(page, '/api/admin/member-communications')).body as { id: number; title: string }[])[0]!;
    await page.goto(`/admin/member-communications/${communication.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Communication', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(communication.title);

    // A new communication typed on the list's old inline form (its draft) opens its editor again.
    await page.evaluate(() =>
      sessionStorage.setItem('draft:member-communication:new', JSON.stringify({ v: 1, savedAt: Date.now(), values: { title: 'Typed before the move' } })),
    );
    await page.goto('/admin/member-communications');
    await expect(page).toHaveURL((u) => u.pathname === '/admin/member-communications/new');
    await expect(page.getByRole('status').filter({ hasText: formMessages.draftRestored })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue('Typed before the move');
    noErrors();
    await context.close();
  });

  test('the administrator meets no accessibility violation on the forms', async () => {
    const { page, context } = await adminPage();
    for (const [path, heading] of [
      ['/admin/events/new', 'New Event'],
      ['/admin/resources/new', 'New Resource'],
      ['/admin/news/new', 'New News Item'],
      ['/admin/community-engagement/new', 'New Community Engagement'],
      ['/admin/member-communications/new', 'New Communication'],
      ['/admin/member-resources/new', 'New Resource'],
      ['/admin/commander-messages/new', 'New Commander Message'],
      ['/admin/change-password', 'Change Password'],
      ['/admin/settings', 'Site Settings'],
      ['/admin/newsletter', 'Newsletter'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { name: heading!, level: 1 })).toBeVisible();
      await expect(page.getByRole('main').locator('form, table, [role=status], p').first()).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
