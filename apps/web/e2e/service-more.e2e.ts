import { expect, test } from './fixtures.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import type { BrowserContext, Page } from 'playwright-core';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import { imageMessages } from '@post/contracts/messages/images';
import { zonedToUtc } from '@post/contracts/rules/event-time';
import { checkInUrl } from '@post/api/check-in-code';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventStartingAt, signUpVolunteer } from './setup.ts';

// Service hours, what was left (issue 44, decision 0066): a walk-in at an event with shifts is
// added to one of them, on a phone, and an administrator changes someone's hours with a reason; the ledger's form takes a documentation photo with its alt
// text and the list shows it; a series' service category set on one date with "This and
// following" reaches that date and every later one. Screens are saved for looking at.
const SECRET = 'e2e-service-more-secret-0123456789abcdef';
const ZONE = 'America/New_York';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/service-more-shots';
let site: TestSite;
let admin: BrowserContext;
let categories: { id: number; name: string }[];
const cat = (name: string) => categories.find((c) => c.name === name)!.id;

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite({ browser, env: { SESSION_SECRET: SECRET } });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
  categories = await (await admin.request.get('/api/admin/service-categories')).json();
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
});

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function signedInPage(width: number) {
  const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
  await apiSignInAdmin(context);
  return { page, context };
}

test.describe('a walk-in at an event with shifts', () => {
  test("must be given one of the event's shifts (large choices on a phone), and counts that shift's hours", async () => {
    const event = await createEventStartingAt(admin, {
      title: 'Fish Fry',
      description: 'Fish, fries and coleslaw.',
      type: 'fundraiser',
      start: new Date(Date.now() - 30 * 60_000),
      minutes: 180,
      shifts: [
        { role: 'Setup', from: 0, to: 60, capacity: 2 },
        { role: 'Serving', from: 60, to: 180, capacity: 4 },
      ],
    });
    const samId = await signUpVolunteer(admin, { eventId: event.id, name: 'Sam Signed', email: 'sam@example.org', shiftId: event.shifts[1]!.id });

    const { page, context } = await signedInPage(390);
    await page.goto(`/admin/events/${event.id}/check-in`);
    await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
    await waitForApp(page);
    const form = page.getByRole('form', { name: 'Add a walk-in' });
    await expect(form.getByRole('group', { name: /Shift/ })).toBeVisible();

    // No shift chosen: the form says so and nothing is kept to send.
    await form.getByLabel('Name').fill('Wanda Walkin');
    await form.getByRole('button', { name: 'Add and check in' }).click();
    await expect(form.getByText(attendanceMessages.shiftRequired)).toBeVisible();
    await expect(page.getByText(/kept on this phone/)).toHaveCount(0);

    // Each shift is a labelled radio button with a tap target of at least 44 px.
    const setup = form.getByRole('radio', { name: /^Setup, / });
    for (const role of ['Setup', 'Serving']) {
      const box = await form.locator('label', { hasText: role }).boundingBox();
      expect(box?.height, `${role}: height`).toBeGreaterThanOrEqual(44);
      expect(box?.width, `${role}: width`).toBeGreaterThanOrEqual(300);
    }
    await setup.check();
    await shot(page, 'walk-in-shift-390');
    await form.getByRole('button', { name: 'Add and check in' }).click();
    await expect(page.getByText(attendanceMessages.walkInAdded('Wanda Walkin'))).toBeVisible();
    await expect(page.getByRole('list', { name: 'People' }).getByText(/Checked in at .* \(Setup\)/)).toBeVisible();
    // A sign-up with a shift shows its shift's role.
    await expect(page.getByRole('list', { name: 'People' }).getByText('Signed up: Serving')).toBeVisible();

    const list = await (await admin.request.get(`/api/admin/events/${event.id}/attendance`)).json();
    const wanda = list.people.find((p: { name: string }) => p.name === 'Wanda Walkin');
    // The Setup shift's hour, not the event's three.
    expect([wanda.walkIn, wanda.shiftId, wanda.hours]).toStrictEqual([true, event.shifts[0]!.id, 1]);
    await shot(page, 'check-in-after-walk-in-390');

    // An administrator changes her hours, with a reason (required), and can go back to the counted ones.
    await page.getByRole('button', { name: 'Edit hours of Wanda Walkin' }).click();
    const hours = page.getByRole('dialog', { name: 'Hours of Wanda Walkin' });
    await hours.getByLabel(/^Hours\s*\*?$/).fill('2.5');
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await expect(hours.getByText(attendanceMessages.reasonRequired)).toBeVisible();
    await hours.getByLabel('Reason').fill('Stayed on to serve');
    await shot(page, 'hours-dialog-390', false);
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await expect(hours).toHaveCount(0);
    await expect(page.getByText(/2:30 h set by an administrator/)).toBeVisible();
    const changed = (await (await admin.request.get(`/api/admin/events/${event.id}/attendance`)).json()).people.find(
      (p: { name: string }) => p.name === 'Wanda Walkin',
    );
    expect([changed.hours, changed.hoursOverridden, changed.hoursReason]).toStrictEqual([2.5, true, 'Stayed on to serve']);
    await page.getByRole('button', { name: 'Edit hours of Wanda Walkin' }).click();
    await page.getByRole('dialog', { name: 'Hours of Wanda Walkin' }).getByRole('button', { name: 'Use the counted hours' }).click();
    await expect(page.getByRole('dialog', { name: 'Hours of Wanda Walkin' })).toHaveCount(0);
    const back = (await (await admin.request.get(`/api/admin/events/${event.id}/attendance`)).json()).people.find(
      (p: { name: string }) => p.name === 'Wanda Walkin',
    );
    expect([back.hours, back.hoursOverridden]).toStrictEqual([1, false]);
    await context.close();

    const wide = await signedInPage(1280);
    await wide.page.goto(`/admin/events/${event.id}/check-in`);
    await expect(wide.page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
    await waitForApp(wide.page);
    await expect(wide.page.getByRole('form', { name: 'Add a walk-in' }).getByRole('radio', { name: /^Serving, / })).toBeVisible();
    await shot(wide.page, 'check-in-shifts-1280');

    // The volunteer's own page for the door, opened from their QR code.
    const code = checkInUrl(site.url, SECRET, samId);
    for (const width of [390, 1280]) {
      const { page: pub, context: pubContext } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
      await pub.goto(new URL(code).pathname);
      await waitForApp(pub);
      await expect(pub.getByRole('img', { name: 'Check-in code of Sam Signed for Fish Fry' })).toBeVisible();
      // Whose code, for which event and shift: someone with several places shows the right one.
      await expect(pub.getByText('Sam Signed', { exact: true })).toBeVisible();
      await expect(pub.getByText(/^Serving, \d{1,2}:\d{2} [AP]M to \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
      const overflow = await pub.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the check-in page fits at ${width} px (${overflow} px too wide)`).toBeLessThanOrEqual(0);
      await shot(pub, `public-check-in-${width}`);
      await pubContext.close();
    }
    await wide.context.close();
  });
});

test.describe("the ledger's photo", () => {
  test('is added in the form with its required description and shows small in the list', async () => {
    const { page, context } = await signedInPage(390);
    await page.goto('/admin/service-hours');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Rita Ride');
    await dialog.getByLabel('Hours').fill('2.5');
    await dialog.getByLabel('Round-trip miles').fill('42');
    await dialog.getByLabel('Category').selectOption({ label: 'Veterans affairs & rehabilitation' });
    await dialog.getByLabel('Note').fill('Drove a veteran to the VA hospital');
    const png = await QRCode.toBuffer('a ride to the VA hospital', { width: 480, margin: 4 });
    await dialog.getByLabel('Photo as documentation (optional)').setInputFiles({ name: 'ride.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByLabel(/Description of the photo/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(dialog.getByText(imageMessages.altRequired)).toBeVisible();
    await dialog.getByLabel(/Description of the photo/).scrollIntoViewIfNeeded();
    await shot(page, 'ledger-photo-dialog-390', false);
    await dialog.getByLabel(/Description of the photo/).fill('Rita beside the van at the VA hospital');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(dialog).toHaveCount(0);
    const photo = page.getByRole('img', { name: 'Rita beside the van at the VA hospital' }).first();
    await expect(photo).toBeVisible();
    const box = await photo.boundingBox();
    expect(box?.width, 'small in the list').toBeLessThanOrEqual(64);
    expect(box?.height, 'small in the list').toBeLessThanOrEqual(64);
    const listed = await (await admin.request.get('/api/admin/service-hours?q=rita')).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].imageAlt).toBe('Rita beside the van at the VA hospital');
    expect(listed.items[0].imageId).toBeTruthy();
    await shot(page, 'ledger-390');
    await context.close();

    const wide = await signedInPage(1280);
    await wide.page.goto('/admin/service-hours');
    await waitForApp(wide.page);
    await expect(wide.page.getByRole('img', { name: 'Rita beside the van at the VA hospital' }).first()).toBeVisible();
    await shot(wide.page, 'ledger-1280');
    await wide.context.close();
  });
});

test.describe("a series' service category", () => {
  test('is a field of the event form; "This and following events" sets it on that date and every later one', async () => {
    const day = '2027-02-06';
    const res = await admin.request.post('/api/events', {
      data: {
        title: 'Hospital visits',
        description: 'Visiting veterans at the VA hospital.',
        location: 'VA Medical Center',
        startDate: zonedToUtc(day, '10:00', ZONE).toISOString(),
        endDate: zonedToUtc(day, '12:00', ZONE).toISOString(),
        type: 'regular',
        recurrence: { rule: 'FREQ=MONTHLY;BYDAY=1SA', onHoliday: 'keep' },
        serviceCategoryId: cat('Community service'),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const seriesId = (await res.json()).seriesId as number;
    const all = ((await (await admin.request.get('/api/events')).json()) as { id: number; seriesId: number | null; startDate: string }[])
      .filter((e) => e.seriesId === seriesId)
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    const categoryOf = async (id: number) =>
      ((await (await admin.request.get(`/api/events/${id}`)).json()) as { serviceCategoryId: number | null }).serviceCategoryId;
    expect(await categoryOf(all[5]!.id)).toBe(cat('Community service'));

    const { page, context } = await signedInPage(1280);
    await page.goto(`/admin/events/${all[2]!.id}`);
    await waitForApp(page);
    const select = page.getByLabel('Service category');
    // The field shows once the categories are loaded.
    await expect(select.locator('option', { hasText: 'Community service' })).toBeAttached();
    await expect(select).toHaveValue(String(cat('Community service')));
    await select.selectOption({ label: 'Veterans affairs & rehabilitation' });
    await shot(page, 'event-form-category-1280');
    await page.getByRole('button', { name: 'Update Event' }).click();
    const scope = page.getByRole('alertdialog');
    await scope.getByRole('radio', { name: 'This and following events' }).check();
    await scope.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin');

    const after = ((await (await admin.request.get('/api/events')).json()) as { id: number; title: string; startDate: string }[])
      .filter((e) => e.title === 'Hospital visits')
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(await Promise.all(after.slice(0, 6).map((e) => categoryOf(e.id)))).toStrictEqual([
      cat('Community service'),
      cat('Community service'),
      ...Array(4).fill(cat('Veterans affairs & rehabilitation')),
    ]);
    expect(await categoryOf(after[after.length - 1]!.id)).toBe(cat('Veterans affairs & rehabilitation'));
    await context.close();
  });
});
