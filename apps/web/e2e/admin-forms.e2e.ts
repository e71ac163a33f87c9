import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
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
import { api, axeViolations, collectErrors, field, isFocused, signInAdmin, table, toast } from './admin-helpers.ts';

// The admin forms' rules (spec §4, §5), the dashboard's activation and phone layout, and the
// question asked before unsaved changes are lost.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** The column headers of a dashboard table, once it has loaded. */
async function headers(page: Page, name: string): Promise<string[]> {
  await table(page, name).waitFor();
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
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    const [startDate, startTime, endDate, endTime] = ['Start Date', 'Start Time', 'End Date', 'End Time'].map((l) => field(page, l));
    assert.equal(await startTime.inputValue(), '09:00');
    assert.equal(await endTime.inputValue(), '11:00');
    assert.equal(await field(page, 'Event Type').inputValue(), 'regular');
    assert.equal(await field(page, 'Volunteer Positions').inputValue(), '10');

    await startTime.fill('10:15');
    assert.equal(await endTime.inputValue(), '10:45');

    await startDate.fill('2027-03-10');
    assert.equal(await startDate.inputValue(), '2027-03-10');
    assert.equal(await endDate.inputValue(), '2027-03-10');

    await endDate.fill('2027-03-12');
    assert.equal(await endDate.inputValue(), '2027-03-12');
    assert.equal(await startDate.inputValue(), '2027-03-10', 'picking an end date changes only the end date');

    await startDate.fill('2027-03-14');
    await startTime.fill('23:45');
    assert.equal(await endTime.inputValue(), '00:15');
    // The end past midnight falls on the next day, so the range stays valid.
    assert.equal(await endDate.inputValue(), '2027-03-15');

    // Editing the end time by hand is kept.
    await endTime.fill('01:00');
    assert.equal(await startTime.inputValue(), '23:45');
    assert.equal(await endTime.inputValue(), '01:00');
    noErrors();
    await context.close();
  });

  test("shows the spec's messages, focuses the first invalid field and keeps what was typed", async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/events/new');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
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
      await page.getByText(m, { exact: true }).waitFor();
    }
    assert.ok(await isFocused(field(page, 'Title')));
    // Errors are tied to their fields for screen readers.
    assert.equal(await field(page, 'Title').getAttribute('aria-invalid'), 'true');
    const describedBy = (await field(page, 'Title').getAttribute('aria-describedby'))!;
    assert.equal(await page.locator(`[id="${describedBy}"]`).innerText(), formMessages.titleRequired);

    await field(page, 'Title').fill('Memorial Day Parade');
    await field(page, 'Description').fill('March with the post.');
    await field(page, 'Location').fill('Main Street');
    await field(page, 'Start Date').fill('2027-05-31');
    await field(page, 'Start Time').fill('10:00');
    await field(page, 'End Date').fill('2027-05-30');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText(eventMessages.endBeforeStart).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Memorial Day Parade');
    assert.equal(await field(page, 'Description').inputValue(), 'March with the post.');
    await context.close();
  });

  test('pre-fills the range picked on the calendar (a plain end date is the last day)', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/events/new?start=2027-04-06&end=2027-04-08');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Start Date').inputValue(), '2027-04-06');
    assert.equal(await field(page, 'End Date').inputValue(), '2027-04-08');
    assert.equal(await field(page, 'Start Time').inputValue(), '09:00');
    assert.equal(await field(page, 'End Time').inputValue(), '11:00');

    // One day.
    await page.goto('/admin/events/new?start=2027-04-06&end=2027-04-06');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'End Date').inputValue(), '2027-04-06');

    // Date-times with an offset are shown in the post's zone (New York).
    await page.goto(`/admin/events/new?${new URLSearchParams({ start: '2027-04-06T18:00:00Z', end: '2027-04-06T19:30:00Z' })}`);
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Start Date').inputValue(), '2027-04-06');
    assert.equal(await field(page, 'Start Time').inputValue(), '14:00');
    assert.equal(await field(page, 'End Time').inputValue(), '15:30');
    await context.close();
  });

  test('lists the registered volunteers, with a dash for a missing phone or role, and removes one after confirming', async () => {
    const { page, context } = await adminPage();
    const upcoming = (await api(page, '/api/events/upcoming')).body as { id: number; title: string }[];
    const event = upcoming[upcoming.length - 1]!;
    const res = await page.request.post('/api/volunteers', {
      data: { eventId: event.id, name: 'Pat Volunteer', email: 'pat.volunteer@example.org', phone: '', role: '' },
    });
    assert.equal(res.status(), 200, await res.text());
    await page.goto(`/admin/events/${event.id}`);
    const list = page.getByRole('table', { name: 'Registered volunteers' });
    const row = list.getByRole('row').filter({ hasText: 'Pat Volunteer' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.deepEqual(cells, ['Pat Volunteer', 'pat.volunteer@example.org', '-', '-', 'Remove']);
    // Remove asks first: Cancel keeps the sign-up.
    await row.getByRole('button', { name: 'Remove Pat Volunteer' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(volunteerMessages.confirmRemove('Pat Volunteer')).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await row.count(), 1);
    // Confirmed: gone from the list and from the event.
    await row.getByRole('button', { name: 'Remove Pat Volunteer' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast(page, volunteerMessages.removed);
    await row.waitFor({ state: 'detached' });
    const volunteers = (await api(page, `/api/volunteers?eventId=${event.id}`)).body as { name: string }[];
    assert.equal(
      volunteers.some((v) => v.name === 'Pat Volunteer'),
      false,
    );
    await context.close();
  });
});

test.describe('commander message form', () => {
  test('wraps the selection in strong/em/u, previews it safely and requires content', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/commander-messages/new');
    await page.getByRole('heading', { name: 'New Commander Message', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await page.getByText(formMessages.messageContentRequired).waitFor();
    const text = field(page, 'Message');
    assert.ok(await isFocused(text));
    await text.fill('   ');
    await page.getByRole('button', { name: 'Publish Message' }).click();
    await page.getByText(formMessages.messageContentRequired).waitFor();

    await text.fill('Hello brave veterans');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 11));
    await page.getByRole('button', { name: 'Bold' }).click();
    assert.equal(await text.inputValue(), 'Hello <strong>brave</strong> veterans');
    const preview = page.getByTestId('message-preview');
    assert.equal(await preview.locator('strong').innerText(), 'brave');
    // The selection and the focus stay on the same words.
    assert.ok(await isFocused(text));
    assert.deepEqual(await text.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd]), [14, 19]);

    await page.getByRole('button', { name: 'Italic' }).click();
    assert.equal(await text.inputValue(), 'Hello <strong><em>brave</em></strong> veterans');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 8, el.value.length));
    await page.keyboard.press('Control+u');
    assert.equal(await text.inputValue(), 'Hello <strong><em>brave</em></strong> <u>veterans</u>');
    assert.equal(await preview.locator('u').innerText(), 'veterans');

    // Newlines show as line breaks; anything outside the allow-list never reaches the page.
    await text.press('End');
    await text.pressSequentially(
      '\nSecond line<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="https://example.org" onclick="x()">link</a>',
    );
    await preview.getByText('Second line').waitFor();
    assert.equal(await preview.locator('br').count(), 1);
    assert.equal(await preview.locator('img, script, a, [onerror], [onclick]').count(), 0);
    assert.match(await preview.innerText(), /link/);
    assert.equal(await page.evaluate(() => (window as { __xss?: number }).__xss), undefined);
    noErrors();
    await context.close();
  });
});

test.describe('dashboard', () => {
  test("'Make Active' leaves exactly one active commander message and one active engagement", async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin?tab=commander');
    const messages = table(page, 'Commander Messages');
    await messages.waitFor();
    const inactive = messages
      .getByRole('row')
      .filter({ has: page.getByText('Inactive', { exact: true }) })
      .first();
    const name = (await inactive.getByRole('button', { name: /^Make Active/ }).getAttribute('aria-label'))!;
    const id = Number((await inactive.getByRole('link', { name: /^Edit/ }).getAttribute('href'))!.split('/').pop());
    await inactive.getByRole('button', { name: /^Make Active/ }).click();
    await toast(page, commanderMessages.activated);
    // The table shows the new state at once.
    await page.getByRole('button', { name }).waitFor({ state: 'detached' });
    assert.equal(await messages.getByText('Active', { exact: true }).count(), 1);
    assert.equal(await messages.getByRole('button', { name: /^Make Active/ }).count(), (await messages.getByRole('row').count()) - 2);
    assert.equal((await api(page, '/api/commander-message')).body.id, id);

    await page.getByRole('tab', { name: 'Community Engagements' }).click();
    await page.waitForURL('**/admin?tab=engagements');
    const engagements = table(page, 'Community Engagements');
    const row = engagements
      .getByRole('row')
      .filter({ has: page.getByText('Inactive', { exact: true }) })
      .first();
    const title = (await row.getByRole('cell').first().innerText()).trim();
    await row.getByRole('button', { name: /^Make Active/ }).click();
    await toast(page, communityMessages.activated);
    await engagements.getByRole('row').filter({ hasText: title }).getByText('Active', { exact: true }).waitFor();
    assert.equal(await engagements.getByText('Active', { exact: true }).count(), 1);
    assert.equal((await api(page, '/api/community-engagements/active')).body.title, title);
    await page.goto('/');
    await page.getByRole('region', { name: 'Community Engagement' }).getByText(title).first().waitFor();
    noErrors();
    await context.close();
  });

  test('opens the tab named in ?tab=, shows the columns and links, and logs out', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin?tab=resources');
    assert.equal(await page.getByRole('tab', { name: 'Resources' }).getAttribute('aria-selected'), 'true');
    assert.deepEqual(await headers(page, 'Resources'), ['Title', 'Category', 'URL', 'Actions']);
    await page.goto('/admin?tab=nonsense');
    assert.equal(await page.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected'), 'true');
    assert.deepEqual(await headers(page, 'Events'), ['Title', 'Date', 'Location', 'Type', 'Volunteers', 'Actions']);
    await page.getByRole('tab', { name: 'News' }).click();
    assert.deepEqual(await headers(page, 'News'), ['Title', 'Publish Date', 'Featured', 'Actions']);
    await page.getByRole('tab', { name: 'Commander Messages' }).click();
    assert.deepEqual(await headers(page, 'Commander Messages'), ['Publish Date', 'Message', 'Status', 'Actions']);
    await page.getByRole('tab', { name: 'Community Engagements' }).click();
    assert.deepEqual(await headers(page, 'Community Engagements'), ['Title', 'Date', 'Tags', 'Status', 'Actions']);

    const main = page.getByRole('main');
    for (const [name, href] of [
      ['User Management', '/admin/user-management'],
      ['Member Communications', '/admin/member-communications'],
      ['Member Resources', '/admin/member-resources'],
      ['Settings', '/admin/settings'],
      ['Newsletter', '/admin/newsletter'],
    ]) {
      assert.equal(await main.getByRole('link', { name: name!, exact: true }).getAttribute('href'), href);
    }
    assert.deepEqual(await axeViolations(page), []);

    await main.getByRole('button', { name: 'Logout' }).click();
    await toast(page, signInMessages.loggedOut);
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal((await api(page, '/api/auth/check')).body.authenticated, false);
    await context.close();
  });

  test('shows the empty texts and fits a 390 px phone', async () => {
    const { page, context } = await adminPage(390);
    // Empty the resources list through the API, then look.
    for (const r of (await api(page, '/api/resources')).body as { id: number }[]) {
      assert.equal((await page.request.delete(`/api/resources/${r.id}`)).status(), 200);
    }
    await page.goto('/admin?tab=resources');
    await page.getByText(resourceMessages.noneFound, { exact: true }).waitFor();
    await page.goto('/admin');
    await table(page, 'Events').waitFor();
    assert.ok(
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .isVisible(),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test('asks before a delete and keeps the row when the question is cancelled', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin?tab=news');
    const first = table(page, 'News').getByRole('row').nth(1);
    const title = (await first.getByRole('cell').first().innerText()).trim();
    await first.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(commonMessages.confirmDelete('news item'), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the question.
    assert.ok(await isFocused(first.getByRole('button', { name: `Delete ${title}` })));
    assert.equal(await table(page, 'News').getByText(title, { exact: true }).count(), 1);
    await context.close();
  });
});

test.describe('unsaved changes', () => {
  test('asks before leaving a form with changes, in the app and when the tab closes', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/resources/new');
    await page.getByRole('heading', { name: 'New Resource', level: 1 }).waitFor();
    // Nothing typed: leaving is free.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/admin?tab=resources');

    await page.goto('/admin/resources/new');
    await field(page, 'Title').fill('Half-typed resource');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: formMessages.unsavedChanges.title });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/admin\/resources\/new$/);
    assert.equal(await field(page, 'Title').inputValue(), 'Half-typed resource');

    // Closing or reloading the tab gets the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    assert.equal(await asked, 'beforeunload');
    assert.equal(page.isClosed(), false);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.leave }).click();
    await page.waitForURL('**/admin?tab=resources');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await context.close();
  });
});

test.describe('access', () => {
  test('sends a visitor without a session from the news form to /admin/login', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/admin/news?id=1');
    // ...carrying the page to come back to after signing in.
    await page.waitForURL((u) => u.pathname === '/admin/login' && u.searchParams.get('returnTo') === '/admin/news?id=1');
    await page.goto('/admin/events/new');
    await page.getByRole('tab', { name: 'Administration' }).waitFor();
    await context.close();
  });

  test('has no accessibility violations on the forms', async () => {
    const { page, context } = await adminPage();
    for (const [path, heading] of [
      ['/admin/events/new', 'New Event'],
      ['/admin/resources/new', 'New Resource'],
      ['/admin/news', 'New News Item'],
      ['/admin/community-engagement', 'New Community Engagement'],
      ['/admin/commander-messages/new', 'New Commander Message'],
      ['/admin/change-password', 'Change Password'],
      ['/admin/settings', 'Site Settings'],
      ['/admin/newsletter', 'Newsletter'],
    ]) {
      await page.goto(path!);
      await page.getByRole('heading', { name: heading!, level: 1 }).waitFor();
      await page.getByRole('main').locator('form, table, [role=status], p').first().waitFor();
      assert.deepEqual(await axeViolations(page), [], path);
    }
    await context.close();
  });
});
