import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Route } from 'playwright-core';
import { test } from './fixtures.ts';
import { holdScripts, startSite, waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventStartingAt, signUpVolunteer } from './setup.ts';
import { openDoor, reloadOffline } from './admin-helpers.ts';

// The door without signal (issue 59, decision 0084): the check-in page opens, reloads and scans
// offline once it was opened online, and no mark is ever dropped: a waiting person at the door
// is given a place or added as a walk-in, and a mark the server refuses waits for a decision.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/door-offline-shots';
let site: TestSite;
let admin: BrowserContext;
let eventId: number;
const ids: Record<string, number> = {};

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite({ browser });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
  // Starting soon: its waitlist is still open for the sign-ups below, and the door is open.
  const event = await createEventStartingAt(admin, {
    title: 'Park Clean-up',
    description: 'Litter picking along the river.',
    location: 'River Park',
    start: new Date(Date.now() + 30 * 60_000),
    minutes: 180,
    shifts: [
      { role: 'Clean-up', from: 0, to: 180, capacity: 3 },
      { role: 'Lunch', from: 120, to: 180, capacity: 5 },
    ],
  });
  eventId = event.id;
  // Clean-up fills with three places; the next two wait.
  for (const name of ['Cora Confirmed', 'Rita Removed', 'Sam Second', 'Walt Waiting', 'Wren Waiting']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.org`;
    ids[name] = await signUpVolunteer(admin, { eventId, name, email, shiftId: event.shifts[0]!.id, waitlist: true });
  }
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The check-in page of the clean-up on a phone, ready for the door. */
const openCleanUpDoor = () => openDoor(site, eventId);

/** The server's record of one person at the door. */
async function onServer(name: string) {
  const res = await admin.request.get(`/api/admin/events/${eventId}/door`);
  const people = (await res.json()).people as { name: string; status: string; checkedInAt: string | null }[];
  return people.find((p) => p.name === name);
}

const people = (page: Page) => page.getByRole('list', { name: 'People' });

test('opens the check-in page online, goes offline and reloads: the people and the pending marks are there, and are sent once online', async () => {
  const { page, context } = await openCleanUpDoor();
  await shot(page, 'door-online-390');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in Cora Confirmed (Clean-up)' }).click();
  await expect(page.getByText('1 mark is kept on this phone')).toBeVisible();
  await reloadOffline(page);
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await expect(page.getByText('No connection.')).toBeVisible();
  await expect(page.getByText('1 mark is kept on this phone')).toBeVisible();
  await expect(people(page).locator('[data-person="Cora Confirmed"]')).toContainText('kept on this phone, not sent yet');
  await expect(people(page).locator('[data-person="Walt Waiting"]')).toContainText('Waiting: place 1 on the waitlist');
  await expect(page.getByRole('form', { name: 'Add a walk-in' })).toBeVisible();
  await shot(page, 'door-offline-390');
  expect((await onServer('Cora Confirmed'))?.checkedInAt).toBeNull();
  await context.setOffline(false);
  await expect(page.getByText('Ready for the door without signal')).toBeVisible();
  await expect.poll(async () => (await onServer('Cora Confirmed'))?.checkedInAt).not.toBeNull();
  await context.close();
});

test("the app's code is read from the phone without waking the service worker; a file it does not keep is asked of the server", async () => {
  const { page, context } = await openCleanUpDoor();
  // The worker as a phone leaves it a while after the page was opened: stopped (decision 0107).
  const cdp = await context.newCDPSession(page);
  const states: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => states.push(...versions.map((v) => v.runningStatus)));
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => states.at(-1)).toBe('stopped');
  states.length = 0;
  const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src);
  const status = (url: string) => page.evaluate(async (u) => (await fetch(u, { cache: 'no-store' })).status, url);
  expect(await status(entry)).toBe(200);
  expect(await status(new URL('/assets/not-kept.js', entry).href)).toBe(404);
  // An answer on the same session comes after any event the fetches caused: the worker never started.
  await cdp.send('Runtime.evaluate', { expression: '1' });
  expect(states).toEqual([]);
  await context.close();
});

test('offline, tapping "Scan a code" keeps the people list and the walk-in form', async () => {
  const { page, context } = await openCleanUpDoor();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Scan a code' }).click();
  // The scanner's code is on the phone: it opens (here without a camera) and offers a photo.
  await expect(page.getByText('Read a photo of the code', { exact: true })).toBeVisible();
  await expect(people(page).locator('[data-person="Sam Second"]')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a walk-in' })).toBeVisible();
  await context.close();

  // A phone whose service worker is not there yet: the scanner's own part says so, the rest stays.
  const bare = await site.browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  await apiSignInAdmin(bare);
  const p = await bare.newPage();
  await p.goto(`/admin/events/${eventId}/check-in`);
  await waitForApp(p);
  await expect(people(p).locator('[data-person="Sam Second"]')).toBeVisible();
  await bare.setOffline(true);
  await p.getByRole('button', { name: 'Scan a code' }).click();
  await expect(p.getByRole('alert').filter({ hasText: 'The scanner could not be opened without a connection' })).toBeVisible();
  await expect(people(p).locator('[data-person="Sam Second"]')).toBeVisible();
  await expect(p.getByRole('form', { name: 'Add a walk-in' })).toBeVisible();
  await bare.close();
});

test('offline, checking in a waitlisted person where there is no room asks "Give a place?", and no mark is lost after going online', async () => {
  const { page, context } = await openCleanUpDoor();
  await expect(page.getByRole('heading', { name: 'On the waitlist' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in Walt Waiting (Clean-up)' }).click();
  const ask = page.getByRole('dialog', { name: 'Give a place?' });
  await expect(ask).toContainText('Walt Waiting is on the waitlist for Clean-up and there is no room left');
  await shot(page, 'door-give-place-390');
  await ask.getByRole('button', { name: 'Give a place and check in' }).click();
  await expect(people(page).locator('[data-person="Walt Waiting"]')).toContainText('kept on this phone, not sent yet');
  // The other waiting person is added as a walk-in instead.
  await page.getByRole('button', { name: 'Check in Wren Waiting (Clean-up)' }).click();
  await page.getByRole('dialog', { name: 'Give a place?' }).getByRole('button', { name: 'Add as a walk-in' }).click();
  await expect(page.getByText('2 marks are kept on this phone')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Ready for the door without signal')).toBeVisible();
  await expect.poll(async () => onServer('Walt Waiting')).toMatchObject({ status: 'confirmed', checkedInAt: expect.any(String) });
  const res = await admin.request.get(`/api/admin/events/${eventId}/door`);
  const wren = ((await res.json()).people as { name: string; walkIn: boolean; checkedInAt: string | null }[]).filter((p) => p.name === 'Wren Waiting');
  expect(wren).toEqual(expect.arrayContaining([expect.objectContaining({ walkIn: true, checkedInAt: expect.any(String) })]));
  await context.close();
});

test('a mark refused on sync stays in "Needs a decision" after a reload until someone discards it', async () => {
  const { page, context } = await openCleanUpDoor();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in Rita Removed (Clean-up)' }).click();
  await expect(page.getByText('1 mark is kept on this phone')).toBeVisible();
  // Meanwhile an administrator removed her sign-up: the server refuses the mark.
  expect((await admin.request.delete(`/api/volunteers/${ids['Rita Removed']}`)).status()).toBe(200);
  await context.setOffline(false);
  const decisions = page.getByRole('region', { name: 'Needs a decision' });
  await expect(decisions).toContainText('Rita Removed: check-in at');
  await expect(decisions).toContainText('not found');
  await page.reload();
  await expect(decisions).toContainText('Rita Removed: check-in at');
  await shot(page, 'door-decision-390');
  await decisions.getByRole('button', { name: 'Discard the mark of Rita Removed' }).click();
  await expect(decisions).toBeHidden();
  await context.close();
});

test('the dashboard shows "Today at the door" and a Check-in link on the event of today, straight to its check-in page', async () => {
  const { page, context } = await site.newPage({ width: 390, height: 844 });
  await apiSignInAdmin(context);
  await page.goto('/admin');
  const door = page.getByRole('navigation', { name: 'Today at the door' });
  await expect(door.getByRole('link', { name: /^Check-in: Park Clean-up, / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check-in at the door: Park Clean-up' })).toBeVisible();
  await shot(page, 'dashboard-door-390');
  await door.getByRole('link', { name: /^Check-in: Park Clean-up, / }).click();
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}/check-in$`));
  await context.close();
});

// Decision 0103: a signed-in page's shell brings the sign-in check and the page's reads, so a
// phone shows them without asking the API first: with every API call held unanswered, a browser
// that has never opened the door (nothing kept on it) still shows the people and the dashboard's list.
test('the check-in page and the dashboard come with their data: shown while no API call is answered', async () => {
  const { page, context } = await site.newPage({ width: 390, height: 844 });
  await apiSignInAdmin(context);
  const held: Route[] = [];
  await context.route('**/trpc/**', (route) => void held.push(route));
  await page.goto(`/admin/events/${eventId}/check-in`);
  await expect(people(page).locator('[data-person="Cora Confirmed"]')).toBeVisible();
  await expect(people(page).locator('[data-person="Sam Second"]')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Today at the door' }).getByRole('link', { name: /^Check-in: Park Clean-up, / })).toBeVisible();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

// Decision 0108: the dashboard and Renewals come rendered by the server for the administrator who
// opens them, so a phone shows them before the app's code has run; they then hydrate (no mismatch,
// which `goto` would report) and work.
test("the dashboard and Renewals are shown before the app's code runs, then hydrate and work", async () => {
  const { page, context } = await site.newPage({ width: 390, height: 844 });
  await apiSignInAdmin(context);
  for (const [path, heading] of [
    ['/admin', 'Admin Dashboard'],
    ['/admin/renewals', 'Renewals'],
  ] as const) {
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    const loaded = page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await page.locator('html[data-ready]').count(), 'not hydrated yet').toBe(0);
    if (path === '/admin')
      await expect(page.getByRole('navigation', { name: 'Today at the door' }).getByRole('link', { name: /^Check-in: Park Clean-up, / })).toBeVisible();
    release();
    await loaded;
    await page.unrouteAll();
  }
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'News' }).click();
  await expect(page).toHaveURL(/tab=news/);
  await expect(page.getByRole('tabpanel', { name: 'News' })).toBeVisible();
  await context.close();
});

test('signing out with a mark still on the phone warns first, then removes the stored people, marks and kept pages', async () => {
  const door = (await (await admin.request.get(`/api/admin/events/${eventId}/door`)).json()) as { shifts: { id: number; role: string }[] };
  const lunch = door.shifts.find((s) => s.role === 'Lunch')!.id;
  const lou = await admin.request.post('/api/volunteers', { data: { eventId, name: 'Lou Lunch', email: 'lou@example.org', shiftId: lunch } });
  expect(lou.status(), await lou.text()).toBeLessThan(300);
  const { page, context } = await openCleanUpDoor();
  const stored = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('post-door');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('door')) return resolve(0);
            const count = db.transaction('door').objectStore('door').count();
            count.onsuccess = () => resolve(count.result);
          };
          open.onerror = () => resolve(0);
        }),
    );
  // A mark the server will refuse (her sign-up is removed meanwhile) stays on the phone for a decision.
  // Lunch starts later than the hour "Arriving now" shows: everyone by shift.
  await page.getByRole('button', { name: 'By shift' }).click();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in Lou Lunch (Lunch)' }).click();
  expect((await admin.request.delete(`/api/volunteers/${(await lou.json()).id}`)).status()).toBe(200);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Needs a decision' })).toContainText('Lou Lunch');
  expect(await stored()).toBeGreaterThan(0);
  // Declined: nothing is signed out or removed.
  const messages: string[] = [];
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => messages.length).toBe(1);
  expect(messages[0]).toContain('One mark made at the door has not been sent yet');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  expect(await stored()).toBeGreaterThan(0);
  // Accepted: signed out, and the phone keeps nothing of the door.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(stored).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await context.close();
});
