import { expect, test } from './fixtures.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import type { BrowserContext } from 'playwright-core';
import { checkInUrl } from '@post/api/check-in-code';
import { currentProgramYear } from '@post/contracts/rules/program-year';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventStartingAt, signUpVolunteer } from './setup.ts';

// Check-in at the door (issue 44): marks made with the network cut reach the server once it
// returns, exactly once each; a code read from a picture (no camera) checks its sign-up in.
const SECRET = 'e2e-service-hours-secret-0123456789abcdef';
let site: TestSite;
let admin: BrowserContext;
let eventId: number;
const people = ['Alma Arrive', 'Bert Bring', 'Cleo Come', 'Dana Door'];
const ids: Record<string, number> = {};

test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, env: { SESSION_SECRET: SECRET } });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
  const start = new Date(Date.now() - 30 * 60_000);
  ({ id: eventId } = await createEventStartingAt(admin, {
    title: 'Pancake Breakfast',
    description: 'Serving the town.',
    start,
    minutes: 180,
    volunteerPositions: 10,
  }));
  for (const name of people) {
    ids[name] = await signUpVolunteer(admin, { eventId, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` });
  }
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
});

async function attendance() {
  const res = await admin.request.get(`/api/admin/events/${eventId}/attendance`);
  expect(res.status()).toBe(200);
  return (await res.json()).people as { name: string; checkedInAt: string | null; attendanceId: number | null }[];
}

async function openCheckIn() {
  const { page, context } = await site.newPage({ width: 390, height: 844 });
  await apiSignInAdmin(context);
  await page.goto(`/admin/events/${eventId}/check-in`);
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await waitForApp(page);
  await expect(page.getByRole('list', { name: 'People' })).toBeVisible();
  return { page, context };
}

test.describe('check-in at the door', () => {
  test('keeps three check-ins made offline on the phone and sends each once when the connection returns', async () => {
    const { page, context } = await openCheckIn();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByRole('status').filter({ hasText: 'No connection.' })).toBeVisible();
    const before = Date.now();
    for (const name of people.slice(0, 3)) await page.getByRole('button', { name: `Check in ${name}` }).click();
    await expect(page.getByText('3 marks are kept on this phone and sent when the connection returns.')).toBeVisible();
    // Nothing has reached the server.
    expect((await attendance()).filter((p) => p.checkedInAt)).toHaveLength(0);
    // The test is about time: the marks must carry the moment they were made, well before they are sent.
    await page.waitForTimeout(1200);
    const restored = Date.now();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByText('3 of 4 checked in')).toBeVisible();
    await expect(page.getByText('Ready for the door without signal')).toBeVisible();
    const list = await attendance();
    const checked = list.filter((p) => p.checkedInAt);
    expect(checked.map((p) => p.name).sort()).toStrictEqual(people.slice(0, 3).sort());
    // Each with the time it was made on the phone, not the time it was sent.
    for (const p of checked) {
      const at = new Date(p.checkedInAt!).getTime();
      expect(at, `${p.name} kept the time of the mark`).toBeGreaterThanOrEqual(before - 1000);
      expect(at, `${p.name} kept the time of the mark`).toBeLessThan(restored);
    }
    // Sending the queue again (a second tab, a retry) changes nothing: still three records.
    expect(new Set(checked.map((p) => p.attendanceId)).size).toBe(3);
    await context.close();
  });

  test('checks a sign-up in from a picture of the code in their confirmation (no camera), and a second scan says already', async () => {
    const { page, context } = await openCheckIn();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'qr-')), 'code.png');
    await QRCode.toFile(file, checkInUrl(site.url, SECRET, ids['Dana Door']!), { width: 300, margin: 4 });
    await page.getByRole('button', { name: 'Scan a code' }).click();
    const photo = page.getByLabel('Read a photo of the code');
    await photo.setInputFiles(file);
    await expect(page.getByText(/^Dana Door checked in at \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
    await expect(page.getByText('4 of 4 checked in')).toBeVisible();
    await photo.setInputFiles([]);
    await photo.setInputFiles(file);
    await expect(page.getByText(/^Dana Door: already checked in at \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
    const dana = (await attendance()).filter((p) => p.name === 'Dana Door');
    expect(dana).toHaveLength(1);
    expect(dana[0]!.checkedInAt).toBeTruthy();
    await context.close();
  });
});

test.describe('the yearly service report', () => {
  test('shows on screen the numbers the API and the CSV give, summed here from the seeded rows across May 31/June 1', async () => {
    const year = currentProgramYear(new Date(), 6, 'America/New_York');
    const categories: { id: number; name: string }[] = await (await admin.request.get('/api/admin/service-categories')).json();
    const cat = (name: string) => categories.find((c) => c.name === name)!.id;
    const seeded = [
      { serviceDate: `${year}-05-31`, hours: 7, miles: 30, category: 'Community service', inYear: false },
      { serviceDate: `${year}-06-01`, hours: 2.5, miles: 40, category: 'Veterans affairs & rehabilitation', inYear: true },
      { serviceDate: `${year}-06-02`, hours: 1.25, miles: 0, category: 'Community service', inYear: true },
      { serviceDate: `${year}-06-03`, hours: 4, miles: 0, category: 'Post fundraisers, canteen and meetings', inYear: true },
    ];
    for (const s of seeded) {
      const res = await admin.request.post('/api/admin/service-hours', {
        data: { name: 'Rita Rider', serviceDate: s.serviceDate, hours: s.hours, miles: s.miles, categoryId: cat(s.category), note: 'Ride' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    // The four sign-ups checked in above, without check-out: the event's three hours each.
    const attended = (await attendance()).filter((p) => p.checkedInAt).length * 3;
    const counted = seeded.filter((s) => s.inYear && s.category !== 'Post fundraisers, canteen and meetings');
    const hours = attended + counted.reduce((t, s) => t + s.hours, 0);
    const miles = counted.reduce((t, s) => t + s.miles, 0);

    const api = await (await admin.request.get(`/api/admin/reports/service?year=${year}`)).json();
    expect(api.totals.hours).toBe(hours);
    expect(api.totals.miles).toBe(miles);
    const csv = await (await admin.request.get(`/api/admin/reports/service.csv?year=${year}`)).text();
    const totalRow = csv
      .split('\r\n')
      .find((l) => l.startsWith('Total (reportable)'))!
      .split(',');
    expect(Number(totalRow[2])).toBe(hours);
    expect(Number(totalRow[8])).toBe(miles);

    const { page, context } = await site.newPage({ width: 1280 });
    await apiSignInAdmin(context);
    await page.goto(`/admin/reports/service?year=${year}`);
    await waitForApp(page);
    const main = page.getByRole('main');
    const shown = (label: string) => main.locator(`[data-total="${label}"]`).textContent();
    await expect(main.locator('[data-total="Hours"]')).toBeVisible();
    expect(await shown('Hours')).toBe(hours.toLocaleString('en-US'));
    expect(await shown('Miles')).toBe(miles.toLocaleString('en-US'));
    expect(await shown(`Mileage value (at $0.14 a mile)`)).toBe(`$${(Math.round(miles * 14) / 100).toFixed(2)}`);
    const community = main.getByRole('row', { name: /^Community service/ });
    expect((await community.textContent()) ?? '').toMatch(/^Community service1\.25/);
    await context.close();
  });
});
