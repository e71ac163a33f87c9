import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { commonMessages } from '@post/contracts/messages/common';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { eventMessages } from '@post/contracts/messages/events';
import { formMessages } from '@post/contracts/messages/forms';
import { newsMessages } from '@post/contracts/messages/news';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { E2E_ADMIN, startSite, waitForApp, type TestSite } from './harness.ts';
import { api, axeViolations, collectErrors, field, signInAdmin, toast } from './admin-helpers.ts';

// Issue 8: a form in progress is not lost when the session expires. Clearing the cookie is what
// the server sees when a session has lapsed (30 minutes idle, 12 hours in all): the next save
// answers 401.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

async function adminPage(width = 1280) {
  const { page, context } = await site.newPage({ width, height: width < 500 ? 844 : 900 });
  const noErrors = collectErrors(page);
  await signInAdmin(page);
  return { page, context, noErrors };
}

/** The form's draft as kept in the tab (null when there is none). */
async function storedDraft(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.sessionStorage.getItem(`draft:${k}`), key);
}

/** Waits until the form's draft is written (after the pause that follows typing). */
async function draftSaved(page: Page, key: string, contains: string): Promise<void> {
  await page.waitForFunction(([k, text]) => (window.sessionStorage.getItem(`draft:${k}`) ?? '').includes(text), [key, contains] as const);
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: formMessages.draftRestored });

/** Signs in again on the login page shown (in place, or /admin/login), which loads the page to return to. */
async function signInAgain(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Administrator sign in' });
  await form.getByLabel('Username').fill(E2E_ADMIN.username);
  await form.getByLabel('Password').fill(E2E_ADMIN.password);
  const loaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await loaded;
  await waitForApp(page);
  // The page loaded after a sign-in says "Login successful" and drops its ?signedIn=1 marker.
  await page.waitForURL((u) => !u.searchParams.has('signedIn'));
}

/** Reloads the page, agreeing to the browser's "leave site?" question that unsaved changes ask. */
async function reload(page: Page): Promise<void> {
  const accept = (d: { type(): string; accept(): Promise<void> }) => void (d.type() === 'beforeunload' && d.accept());
  page.on('dialog', accept);
  await page.reload();
  await waitForApp(page);
  page.off('dialog', accept);
}

test.describe('session expiry', () => {
  test('keeps a new event through an expired session: login in place, back on the same page, restored, saved once', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/events/new');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    await field(page, 'Title').fill('Veterans Day Breakfast');
    await field(page, 'Description').fill('Pancakes at the post home.\nAll welcome.');
    await field(page, 'Location').fill('Post Home, 12 Main Street');
    await field(page, 'Start Date').fill('2027-11-11');
    await field(page, 'Start Time').fill('07:30');
    assert.equal(await field(page, 'End Time').inputValue(), '08:00');
    await field(page, 'End Time').fill('10:00');

    // The session lapses; Save answers 401.
    await context.clearCookies();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, signInMessages.sessionExpired);
    // The guard shows the login page in place: same address, no form; it says why, in view, with
    // the focus on Username.
    await page.getByRole('form', { name: 'Administrator sign in' }).waitFor();
    assert.match(page.url(), /\/admin\/events\/new$/);
    assert.equal(await page.getByRole('form', { name: 'New event' }).count(), 0);
    await page.getByRole('main').getByRole('alert').filter({ hasText: signInMessages.sessionExpired }).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'username');
    assert.ok(await page.getByRole('heading', { name: 'Sign In', level: 1 }).isVisible());
    assert.ok(await page.evaluate(() => document.querySelector('h1')!.getBoundingClientRect().top >= 0));
    assert.deepEqual(await axeViolations(page), []);
    // The draft is kept, without anything secret.
    const kept = (await storedDraft(page, 'event:new'))!;
    assert.match(kept, /Veterans Day Breakfast/);

    await signInAgain(page);
    assert.match(page.url(), /\/admin\/events\/new$/, 'signing in comes back to the form, not /admin');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    await notice(page).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Veterans Day Breakfast');
    assert.equal(await field(page, 'Description').inputValue(), 'Pancakes at the post home.\nAll welcome.');
    assert.equal(await field(page, 'Location').inputValue(), 'Post Home, 12 Main Street');
    assert.equal(await field(page, 'Start Date').inputValue(), '2027-11-11');
    assert.equal(await field(page, 'Start Time').inputValue(), '07:30');
    assert.equal(await field(page, 'End Time').inputValue(), '10:00');

    // Saving works now, once, and forgets the draft.
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    await page.waitForURL((u) => u.pathname === '/admin');
    assert.equal(await storedDraft(page, 'event:new'), null);
    const events = (await api(page, '/api/events')).body as { title: string; location: string }[];
    assert.equal(events.filter((e) => e.title === 'Veterans Day Breakfast').length, 1);

    // A new form starts empty again.
    await page.goto('/admin/events/new');
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), '');
    assert.equal(await notice(page).count(), 0);
    noErrors();
    await context.close();
  });

  test('shows the login in place when a delete on the dashboard finds the session lapsed; nothing is deleted', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin?tab=news');
    const first = page.getByRole('button', { name: /^Delete / }).first();
    await first.waitFor();
    const label = (await first.getAttribute('aria-label')) ?? (await first.innerText());
    const before = ((await api(page, '/api/news')).body as unknown[]).length;

    await context.clearCookies();
    await first.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, commonMessages.deleteFailed('news item'));
    // Any write that answers 401 re-reads the sign-in: the guard shows the login page in place.
    await page.getByRole('form', { name: 'Administrator sign in' }).waitFor();
    assert.match(page.url(), /\/admin\?tab=news$/);

    await signInAgain(page);
    await page.getByRole('button', { name: label, exact: true }).waitFor();
    assert.equal(((await api(page, '/api/news')).body as unknown[]).length, before);
    noErrors();
    await context.close();
  });

  test('keeps an edit of a news item through /admin/login?returnTo= and back', async () => {
    const { page, context, noErrors } = await adminPage();
    const news = (await api(page, '/api/news')).body as { id: number; title: string; content: string }[];
    const item = news[0]!;
    await page.goto(`/admin/news?id=${item.id}`);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), item.title);
    await field(page, 'Title').fill('Post picnic moved to Saturday');
    await field(page, 'Content').fill('Rain is forecast on Sunday, so the picnic moves to Saturday.');

    await context.clearCookies();
    await page.getByRole('button', { name: 'Update News Item' }).click();
    await toast(page, signInMessages.sessionExpired);
    // This page sends to /admin/login, carrying where to come back to.
    await page.waitForURL((u) => u.pathname === '/admin/login');
    assert.equal(new URL(page.url()).searchParams.get('returnTo'), `/admin/news?id=${item.id}`);
    await page.getByRole('main').getByRole('alert').filter({ hasText: signInMessages.sessionExpired }).waitFor();

    await signInAgain(page);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/admin/news?id=${item.id}`);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    await notice(page).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Post picnic moved to Saturday');
    assert.equal(await field(page, 'Content').innerText(), 'Rain is forecast on Sunday, so the picnic moves to Saturday.');

    await page.getByRole('button', { name: 'Update News Item' }).click();
    await toast(page, newsMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin');
    const saved = (await api(page, `/api/news/${item.id}`)).body as { title: string; content: string };
    assert.equal(saved.title, 'Post picnic moved to Saturday');
    assert.equal(await storedDraft(page, `news:${item.id}`), null);

    // The stored values show again, without a notice.
    await page.goto(`/admin/news?id=${item.id}`);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Post picnic moved to Saturday');
    assert.equal(await notice(page).count(), 0);
    noErrors();
    await context.close();
  });

  test('restores a draft after a plain reload; Discard goes back to the stored values', async () => {
    const { page, context, noErrors } = await adminPage();
    const news = (await api(page, '/api/news')).body as { id: number; title: string }[];
    const item = news[news.length - 1]!;
    await page.goto(`/admin/news?id=${item.id}`);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    await field(page, 'Title').fill('Half-edited title');
    // Reloaded at once: the draft is written when the page goes away, not only after the pause.
    await reload(page);
    await notice(page).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Half-edited title');
    // Leaving is still asked about: the restored changes are unsaved.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const dialog = page.getByRole('alertdialog', { name: formMessages.unsavedChanges.title });
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.stay }).click();
    await dialog.waitFor({ state: 'detached' });

    await notice(page)
      .getByRole('button', { name: /^Discard/ })
      .click();
    assert.equal(await field(page, 'Title').inputValue(), item.title);
    assert.equal(await notice(page).count(), 0);
    assert.equal(await storedDraft(page, `news:${item.id}`), null);
    // The focus goes to the form, not lost on the page.
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'INPUT');
    await reload(page);
    await page.getByRole('heading', { name: 'Edit News Item', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), item.title);
    assert.equal(await notice(page).count(), 0);
    noErrors();
    await context.close();
  });

  test('forgets the draft on Cancel (leave without saving)', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/resources/new');
    await page.getByRole('heading', { name: 'New Resource', level: 1 }).waitFor();
    await field(page, 'Title').fill('Draft to throw away');
    await draftSaved(page, 'resource:new', 'Draft to throw away');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: formMessages.unsavedChanges.title });
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.leave }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    assert.equal(await storedDraft(page, 'resource:new'), null);
    await page.goto('/admin/resources/new');
    await page.getByRole('heading', { name: 'New Resource', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), '');
    assert.equal(await notice(page).count(), 0);
    await context.close();
  });

  test('keeps the member dialog (never its password) and opens it again after a reload', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/user-management');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Member' });
    await dialog.getByLabel(/^First Name/).fill('Dorothy');
    await dialog.getByLabel(/^Last Name/).fill('Kessler');
    await dialog.getByLabel(/^Portal Password/).fill('secret-portal-pass');
    await draftSaved(page, 'member:new', 'Kessler');
    assert.doesNotMatch((await storedDraft(page, 'member:new'))!, /secret-portal-pass|loginPassword/);

    await reload(page);
    await dialog.waitFor();
    await dialog.getByRole('status').filter({ hasText: formMessages.draftRestored }).waitFor();
    assert.equal(await dialog.getByLabel(/^First Name/).inputValue(), 'Dorothy');
    assert.equal(await dialog.getByLabel(/^Last Name/).inputValue(), 'Kessler');
    assert.equal(await dialog.getByLabel(/^Portal Password/).inputValue(), '');

    // Cancel asks first (issue 23 #18), then closes it and forgets the draft.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await storedDraft(page, 'member:new'), null);
    await reload(page);
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    assert.equal(await dialog.count(), 0);
    noErrors();
    await context.close();
  });

  test('keeps a new member communication through an expired session and opens its form again', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/member-communications');
    await page.getByRole('button', { name: 'New Communication' }).click();
    await field(page, 'Title').fill('Dues reminder');
    await field(page, 'Content').fill('Dues for next year are due in January.');
    await context.clearCookies();
    await page.getByRole('button', { name: 'Create Communication' }).click();
    await toast(page, signInMessages.sessionExpired);
    await signInAgain(page);
    assert.equal(new URL(page.url()).pathname, '/admin/member-communications');
    await notice(page).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Dues reminder');
    await page.getByRole('button', { name: 'Create Communication' }).click();
    await toast(page, communicationMessages.created);
    // The form closes and forgets the draft; the list shows the new communication.
    await page.getByRole('heading', { name: 'New Communication', level: 2 }).waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Dues reminder', exact: true }).waitFor();
    assert.equal(await storedDraft(page, 'member-communication:new'), null);
    // Opening the page again does not open the form.
    await page.goto('/admin/member-communications');
    await page.getByRole('heading', { name: 'All Communications' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'New Communication', level: 2 }).count(), 0);
    noErrors();
    await context.close();
  });

  test('only returns to paths of this site after signing in on /admin/login', async () => {
    for (const [returnTo, expected] of [
      ['/admin/settings', '/admin/settings'],
      ['//evil.example/admin', '/admin'],
      ['https://evil.example/', '/admin'],
      ['/\\evil.example', '/admin'],
    ] as const) {
      const { page, context } = await site.newPage();
      await page.goto(`/admin/login?${new URLSearchParams({ returnTo })}`);
      await signInAgain(page);
      const url = new URL(page.url());
      assert.equal(url.origin, site.url, returnTo);
      assert.equal(url.pathname, expected, returnTo);
      await context.close();
    }
    // Without returnTo, signing in still goes to the dashboard (spec §2).
    const { page, context } = await site.newPage();
    await page.goto('/login');
    await signInAgain(page);
    assert.equal(new URL(page.url()).pathname, '/admin');
    await context.close();
  });

  test('restores the site settings with a row added to a list', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    const labels = page.getByRole('main').getByLabel(/^Label/);
    const before = await labels.count();
    await page.getByRole('button', { name: 'Add social link' }).click();
    await labels.last().fill('Post Facebook page');
    await field(page, 'Post Name').fill('Hometown Veterans Post 12');
    await reload(page);
    await notice(page).waitFor();
    assert.equal(await labels.count(), before + 1);
    assert.equal(await labels.last().inputValue(), 'Post Facebook page');
    assert.equal(await field(page, 'Post Name').inputValue(), 'Hometown Veterans Post 12');
    // Discard puts the stored settings back, rows included.
    await notice(page)
      .getByRole('button', { name: /^Discard/ })
      .click();
    assert.equal(await labels.count(), before);
    assert.notEqual(await field(page, 'Post Name').inputValue(), 'Hometown Veterans Post 12');
    noErrors();
    await context.close();
  });

  test('forgets every draft on signing out', async () => {
    const { page, context } = await adminPage();
    await page.goto('/admin/events/new');
    await field(page, 'Title').fill('Typed before signing out');
    await draftSaved(page, 'event:new', 'Typed before signing out');
    // Leaving the page by loading another keeps the draft (it is not Cancel)...
    page.on('dialog', (d) => void d.accept());
    await page.goto('/admin');
    assert.match((await storedDraft(page, 'event:new')) ?? '', /Typed before signing out/);
    // ...signing out forgets it.
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal(await storedDraft(page, 'event:new'), null);
    await context.close();
  });

  test('has no accessibility violations with the notice shown', async () => {
    const { page, context } = await adminPage(390);
    await page.goto('/admin/events/new');
    await field(page, 'Title').fill('Flag retirement ceremony');
    await reload(page);
    await notice(page).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});
