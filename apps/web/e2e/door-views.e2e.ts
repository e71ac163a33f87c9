import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { test } from './fixtures.ts';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventStartingAt, signUpVolunteer } from './setup.ts';
import { openDoor, reloadOffline } from './admin-helpers.ts';

// The door's rows and views (issue 59, decision 0093): one row per person with a mark per shift,
// the "arriving now" view, and a paper sheet's times typed in, each offline, with nothing dropped.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/door-offline-shots';
const ZONE = 'America/New_York';
let site: TestSite;
let admin: BrowserContext;
const events: Record<'parade' | 'breakfast', number> = { parade: 0, breakfast: 0 };
const ids: Record<string, number> = {};
let breakfastStart: number;

/** An event from `start` for `minutes`, each shift with room for five. */
const createEvent = (title: string, start: Date, minutes: number, shifts: { role: string; from: number; to: number }[]) =>
  createEventStartingAt(admin, { title, start, minutes, shifts: shifts.map((s) => ({ ...s, capacity: 5 })) });

async function signUp(eventId: number, name: string, shiftId: number, key = name) {
  ids[key] = await signUpVolunteer(admin, { eventId, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org`, shiftId });
}

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite({ browser });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
  // Set-up starts within the hour (arriving now); the later shift does not.
  const parade = await createEvent('Flag Day Parade', new Date(Date.now() + 30 * 60_000), 360, [
    { role: 'Setup', from: 0, to: 120 },
    { role: 'Teardown', from: 300, to: 360 },
  ]);
  events.parade = parade.id;
  await signUp(parade.id, 'Tess Two', parade.shifts[0]!.id, 'Tess Setup');
  await signUp(parade.id, 'Tess Two', parade.shifts[1]!.id, 'Tess Teardown');
  await signUp(parade.id, 'Sam Setup', parade.shifts[0]!.id);
  await signUp(parade.id, 'Lara Later', parade.shifts[1]!.id);
  // A breakfast under way for two hours: its printed sheet is typed in.
  breakfastStart = Date.now() - 120 * 60_000;
  const breakfast = await createEvent('Pancake Breakfast', new Date(breakfastStart), 200, [{ role: 'Kitchen', from: 0, to: 180 }]);
  events.breakfast = breakfast.id;
  await signUp(breakfast.id, 'Paula Paper', breakfast.shifts[0]!.id);
  await signUp(breakfast.id, 'Dora Door', breakfast.shifts[0]!.id);
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
});

async function door(eventId: number) {
  const res = await admin.request.get(`/api/admin/events/${eventId}/door`);
  return (await res.json()) as {
    people: { volunteerId: number | null; name: string; walkIn: boolean; checkedInAt: string | null; checkedOutAt: string | null }[];
  };
}

/** The same screen on a desk's width, then back to the phone's. */
async function wide(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

const people = (page: Page) => page.getByRole('list', { name: 'People' });

test('a person with two shifts is one row with a mark per shift, "Arriving now" shows the shift starting, and a mark made offline is sent for its shift only', async () => {
  const { page, context } = await openDoor(site, events.parade);
  await expect(page.getByRole('button', { name: 'Arriving now' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Arriving now', level: 2 })).toBeVisible();
  const tess = people(page).locator('[data-person="Tess Two"]');
  await expect(tess).toHaveCount(1);
  await expect(tess.getByRole('button', { name: 'Check in Tess Two (Setup)' })).toBeVisible();
  await expect(tess.getByRole('button', { name: 'Check in Tess Two (Teardown)' })).toBeVisible();
  await expect(people(page).locator('[data-person="Sam Setup"]')).toBeVisible();
  await expect(people(page).locator('[data-person="Lara Later"]')).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'door-arriving-390.png'), fullPage: true });
  await wide(page, 'door-arriving-1280');

  await context.setOffline(true);
  await tess.getByRole('button', { name: 'Check in Tess Two (Setup)' }).click();
  await expect(page.getByText('1 mark is kept on this phone')).toBeVisible();
  await reloadOffline(page);
  await expect(page.getByRole('heading', { name: 'Arriving now', level: 2 })).toBeVisible();
  await expect(tess).toHaveCount(1);
  await expect(tess).toContainText('kept on this phone, not sent yet');
  await expect(tess.getByRole('button', { name: 'Check in Tess Two (Teardown)' })).toBeVisible();
  // A name searched is found whatever the view.
  await page.getByLabel('Find by name').fill('lara');
  await expect(people(page).locator('[data-person="Lara Later"]')).toBeVisible();
  await page.getByLabel('Find by name').fill('');
  // Everyone by shift: Tess's row stands under Setup, and Teardown names her.
  await page.getByRole('button', { name: 'By shift' }).click();
  await expect(page).toHaveURL(/view=shifts/);
  await expect(people(page).locator('[data-person="Lara Later"]')).toBeVisible();
  await expect(tess).toHaveCount(1);
  await expect(page.getByText('Also on this shift: Tess Two (their row is above).')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'door-by-shift-offline-390.png'), fullPage: true });
  await wide(page, 'door-by-shift-offline-1280');

  await context.setOffline(false);
  await expect(page.getByText('Ready for the door without signal')).toBeVisible();
  await expect.poll(async () => (await door(events.parade)).people.find((p) => p.volunteerId === ids['Tess Setup'])?.checkedInAt).not.toBeNull();
  expect((await door(events.parade)).people.find((p) => p.volunteerId === ids['Tess Teardown'])?.checkedInAt).toBeNull();
  await context.close();
});

/** A time as the sheet has it: the post's clock, 24-hour, four digits ("0905"), and the minute it names. */
function written(minutesAfterStart: number) {
  const at = new Date(Math.floor((breakfastStart + minutesAfterStart * 60_000) / 60_000) * 60_000);
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(':', '');
  return { text, iso: at.toISOString() };
}

test('offline, a paper sheet typed in keeps every row: the times are read, a bad one is asked again and kept through a reload, and all are sent once online', async () => {
  const doorIn = written(3);
  expect((await admin.request.post(`/api/admin/volunteers/${ids['Dora Door']}/check-in`, { data: { at: doorIn.iso } })).status()).toBe(200);
  const { page, context } = await openDoor(site, events.breakfast);
  await page.getByRole('button', { name: 'Paper sheet' }).click();
  const sheet = page.getByRole('form', { name: 'Type in the paper sheet' });
  await expect(sheet.locator('[data-paper-row="Dora Door"]')).toContainText('Time in');
  await context.setOffline(true);
  const paulaIn = written(5);
  const paulaOut = written(110);
  const doraOut = written(100);
  const wallyIn = written(20);
  const wallyOut = written(90);
  await sheet.getByLabel('Time in, Paula Paper').fill(paulaIn.text);
  await sheet.getByLabel('Time in, Paula Paper').press('Tab');
  await sheet.getByLabel('Time out, Paula Paper').fill(paulaOut.text);
  await sheet.getByLabel('Time out, Dora Door').fill(doraOut.text);
  await sheet.getByLabel('Name (walk-in), spare row 1').fill('Wally Walkin');
  await sheet.getByLabel('Time in, spare row 1').fill(wallyIn.text);
  await sheet.getByLabel('Time out, spare row 1').fill(wallyOut.text);
  await sheet.getByLabel('Name (walk-in), spare row 2').fill('Bea Blot');
  await sheet.getByLabel('Time in, spare row 2').fill('9:75');
  await sheet.getByRole('button', { name: 'Save the times' }).click();
  await expect(sheet.getByRole('status')).toHaveText(
    '3 rows saved on this phone, sent when the connection returns. 1 row needs a look: see the messages in red.',
  );
  await expect(sheet.getByLabel('Time in, spare row 2')).toBeFocused();
  await expect(sheet).toContainText('“9:75” is not a time: write it as 9:05, 905 or 1:30 pm.');
  await expect(page.getByText('3 marks are kept on this phone')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'door-paper-offline-390.png'), fullPage: true });
  await wide(page, 'door-paper-offline-1280');

  // A reload without signal: the saved rows are kept marks, the unsaved one is still typed.
  await reloadOffline(page);
  await expect(page.getByRole('button', { name: 'Paper sheet' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('3 marks are kept on this phone')).toBeVisible();
  await expect(sheet.locator('[data-paper-row="Paula Paper"]')).toContainText('not sent yet');
  await expect(sheet.getByLabel('Name (walk-in), spare row 2')).toHaveValue('Bea Blot');
  const beaIn = written(30);
  await sheet.getByLabel('Time in, spare row 2').fill(beaIn.text);
  await sheet.getByLabel('Time in, spare row 2').press('Enter');
  await sheet.getByRole('button', { name: 'Save the times' }).click();
  await expect(page.getByText('4 marks are kept on this phone')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Ready for the door without signal')).toBeVisible({ timeout: 30_000 });
  const list = (await door(events.breakfast)).people;
  const by = (name: string) => list.filter((p) => p.name === name);
  expect(by('Paula Paper')).toEqual([expect.objectContaining({ checkedInAt: paulaIn.iso, checkedOutAt: paulaOut.iso })]);
  expect(by('Dora Door')).toEqual([expect.objectContaining({ checkedInAt: doorIn.iso, checkedOutAt: doraOut.iso })]);
  expect(by('Wally Walkin')).toEqual([expect.objectContaining({ walkIn: true, checkedInAt: wallyIn.iso, checkedOutAt: wallyOut.iso })]);
  expect(by('Bea Blot')).toEqual([expect.objectContaining({ walkIn: true, checkedInAt: beaIn.iso, checkedOutAt: null })]);
  await context.close();
});
