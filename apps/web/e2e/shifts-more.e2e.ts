import { expect, test } from './fixtures.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventWithShifts, signUpVolunteer } from './setup.ts';
import { collectErrors, screenshotIfAsked, signInAdmin, toast } from './admin-helpers.ts';
import { cancelToken } from '../../api/src/lib/cancel-link.ts';
import { manageToken } from '../../api/src/lib/manage-link.ts';

// Volunteer shifts, what was left (issue 43): the cancel link and the manage page of a waiting
// place leave the waitlist (and say so), the popup on a phone lists the shifts by their times,
// the sign-in sheet prints one block per shift, its waitlist after it, and administrators give a
// place or remove a sign-up from the event page on a phone and from the roster.

const SHOTS = process.env.SHIFT_SHOTS;
let site: TestSite;
let admin: BrowserContext;
let eventId: number;
const TITLE = 'Memorial Day Service';
/** Known, so the test can sign a cancel link as the server does. */
const SECRET = 'e2e-shifts-more-session-secret-0123456789';
const ids: Record<string, number> = {};

const shot = (page: Page, name: string) => screenshotIfAsked(SHOTS, page, name);

test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, env: { SESSION_SECRET: SECRET } });
  ({ context: admin } = await site.newPage());
  await apiSignInAdmin(admin);
  const event = await createEventWithShifts(admin, {
    title: TITLE,
    description: 'Wreaths, the roll call and taps.',
    location: 'Riverside Cemetery, 4 Oak Lane',
    type: 'special',
    daysAhead: 6,
    from: '08:00',
    to: '13:00',
    shifts: [
      { role: 'Set-up', from: '08:00', to: '09:00', capacity: 3 },
      { role: 'Usher', from: '09:30', to: '11:30', capacity: 1 },
      { role: 'Clean-up', from: '12:00', to: '13:00', capacity: 2 },
    ],
  });
  eventId = event.id;
  const [setup, usher] = event.shifts;
  for (const [key, shiftId, waitlist] of [
    ['sam', setup!.id, false],
    ['uma', usher!.id, false],
    ['wes', usher!.id, true],
    ['wyn', usher!.id, true],
  ] as const) {
    const name = `${key[0]!.toUpperCase()}${key.slice(1)} Volunteer`;
    ids[key] = await signUpVolunteer(admin, { name, email: `${key}@example.org`, eventId, shiftId, waitlist });
  }
});
test.afterAll(async () => site?.close());

test.describe('the cancel link of a waiting place', () => {
  for (const width of [390, 1280]) {
    test(`shows the shift and the position, and asks to leave the waitlist (${width} px)`, async () => {
      const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
      const noErrors = collectErrors(page);
      await page.goto(`/volunteer/cancel?token=${cancelToken(SECRET, ids[width === 390 ? 'wyn' : 'wes']!)}`);
      await expect(page.getByRole('heading', { name: 'Cancel Your Sign-Up', level: 1 })).toBeVisible();
      const details = page.getByRole('main').locator('dl');
      await expect(details.getByText('Usher', { exact: true })).toBeVisible();
      await expect(details).toHaveText(/Status\s+On the waitlist, position \d/, { useInnerText: true });
      await expect(details).toHaveText(/9:30\s*AM\s*–\s*11:30\s*AM/, { useInnerText: true });
      await expect(page.getByText('Leave the waitlist?')).toBeVisible();
      await shot(page, `cancel-waiting-${width}`);
      if (width === 1280) {
        // Keyboard only: the button leaves the list; the outcome is announced and focused.
        await page.getByRole('button', { name: 'Leave the waitlist' }).focus();
        await page.keyboard.press('Enter');
        await expect(page.getByText(`You are no longer on the waitlist for ${TITLE}.`)).toBeVisible();
        const event = (await (await admin.request.get(`/api/events/${eventId}`)).json()) as {
          volunteers: { email: string; status?: string; position?: number }[];
        };
        expect(event.volunteers.filter((v) => v.status === 'waitlisted').map((v) => [v.email, v.position])).toStrictEqual([['wyn@example.org', 1]]);
        // Nobody was promoted: Uma still holds the usher's one place.
        expect(
          event.volunteers.some((v) => v.email === 'uma@example.org' && v.status === undefined),
          'Uma holds her place',
        ).toBe(true);
      }
      noErrors();
      await context.close();
    });
  }

  test('a confirmed place is still asked to cancel its sign-up', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto(`/volunteer/cancel?token=${cancelToken(SECRET, ids.sam!)}`);
    await expect(page.getByText('Cancel my sign-up?')).toBeVisible();
    await expect(page.getByText('On the waitlist')).toHaveCount(0);
    await expect(page.getByRole('main').locator('dl').getByText('Set-up', { exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe('the sign-in sheet of an event with shifts', () => {
  for (const width of [390, 1280]) {
    test(`prints one block per shift, each with its lines and its waitlist, on one page (${width} px)`, async () => {
      const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
      const noErrors = collectErrors(page);
      await signInAdmin(page);
      await page.goto(`/admin/events/${eventId}/sign-in-sheet`);
      const sheet = page.getByRole('main').getByRole('article', { name: `Sign-in sheet: ${TITLE}` });
      await expect(sheet).toBeVisible();
      await shot(page, `sign-in-sheet-${width}`);
      // The page itself never scrolls sideways; only the preview region does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways page scroll').toBeLessThanOrEqual(0);
      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('[data-sign-in-sheet]');
      await expect(printed).toBeVisible();
      const blocks = printed.locator('section');
      await expect(blocks).toHaveCount(3);
      expect((await blocks.locator('h3').allInnerTexts()).map((h) => h.replace(/,.*/, ''))).toStrictEqual(['Set-up', 'Usher', 'Clean-up']);
      // Lines: each shift's capacity (or its sign-ups, when more), and three spare rows for walk-ins (decision 0084).
      for (const [i, lines] of [3 + 3, 1 + 3, 2 + 3].entries()) await expect(blocks.nth(i).locator('tbody tr')).toHaveCount(lines);
      await expect(blocks.nth(0).locator('tbody tr').first()).toHaveText(/Sam Volunteer/, { useInnerText: true });
      await expect(blocks.nth(1)).toHaveText(/Waitlist, in order: (.+, )?Wyn Volunteer$/m, { useInnerText: true });
      const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g), 'one printed page').toHaveLength(1);
      await shot(page, `sign-in-sheet-print-${width}`);
      await page.emulateMedia({ media: 'screen' });
      noErrors();
      await context.close();
    });
  }
});

test.describe('the event popup and the manage page on a phone', () => {
  test("the popup lists each shift with its times only (the date is the event's) and fits the width", async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto(`/events?id=${eventId}`);
    const popup = page.getByRole('dialog', { name: TITLE });
    await expect(popup).toBeVisible();
    const lines = await popup.locator('li').allInnerTexts();
    expect(lines.map((l) => l.replace(/\s+/g, ' '))).toStrictEqual([
      'Set-up, 8:00 AM – 9:00 AM: 1 of 3 filled',
      'Usher, 9:30 AM – 11:30 AM: 1 of 1 filled',
      'Clean-up, 12:00 PM – 1:00 PM: 0 of 2 filled',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways page scroll').toBeLessThanOrEqual(0);
    await shot(page, 'popup-390');
    await context.close();
  });

  test('a waiting place is left with "Leave the waitlist", which says so', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto(`/volunteer/manage?token=${manageToken(SECRET, eventId, 'wyn@example.org')}`);
    await expect(page.getByRole('heading', { name: 'Your Volunteer Sign-Ups', level: 1 })).toBeVisible();
    const mine = page.getByRole('region', { name: 'Your sign-ups' });
    await expect(mine.getByText('On the waitlist, position 1')).toBeVisible();
    await expect(mine.getByText('9:30 AM – 11:30 AM', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: /Cancel this sign-up/ })).toHaveCount(0);
    await shot(page, 'manage-waiting-390');
    await mine.getByRole('button', { name: /^Leave the waitlist.*Usher/ }).click();
    await expect(page.getByRole('status').getByText('You have left the waitlist.')).toBeVisible();
    await expect(page.getByText('You have no sign-ups left for this event.')).toBeVisible();
    await context.close();
  });
});

test.describe('administrators and the waitlist', () => {
  let other: number;
  test.beforeAll(async () => {
    const event = await createEventWithShifts(admin, {
      title: 'Poppy Day',
      description: 'Poppies on Main Street.',
      location: 'Main Street',
      type: 'community',
      daysAhead: 8,
      from: '09:00',
      to: '15:00',
      shifts: [
        { role: 'Morning', from: '09:00', to: '12:00', capacity: 1 },
        { role: 'Afternoon', from: '12:00', to: '15:00', capacity: 2 },
      ],
    });
    other = event.id;
    // Signed up in this order; listed by shift, each shift's waitlist after it.
    for (const [name, shift, waitlist] of [
      ['Bob Afternoon', 1, false],
      ['Ann Morning', 0, false],
      ['Ava Waiting', 0, true],
    ] as const) {
      await signUpVolunteer(admin, {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
        eventId: other,
        shiftId: event.shifts[shift]!.id,
        waitlist,
      });
    }
  });

  test('the event page on a phone lists them by shift, each card with Remove, and the one waiting with Give a place', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto(`/admin/events/${other}`);
    const list = page.getByRole('list', { name: 'Registered volunteers' });
    await expect(list).toBeVisible();
    const cards = list.getByRole('listitem');
    await expect(cards.locator('p.text-lg')).toHaveText(['Ann Morning', 'Ava Waiting', 'Bob Afternoon'], { useInnerText: true });
    await expect(cards.nth(1)).toHaveText(/Morning, waitlist #1/, { useInnerText: true });
    for (const name of ['Ann Morning', 'Ava Waiting', 'Bob Afternoon']) await expect(list.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
    await expect(list.getByRole('button', { name: /^Give a place to / })).toHaveCount(1);
    await shot(page, 'event-volunteers-390');
    await list.getByRole('button', { name: 'Remove Bob Afternoon' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Volunteer removed.');
    await expect(list.getByRole('button', { name: 'Remove Bob Afternoon' })).toHaveCount(0);
    noErrors();
    await context.close();
  });

  test('the roster gives the one waiting a place by hand', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto(`/admin/volunteers?eventId=${other}`);
    const give = page.getByRole('button', { name: 'Give a place to Ava Waiting' });
    await expect(give).toBeVisible();
    await shot(page, 'roster-waiting-1280');
    await give.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Give a place' }).click();
    await toast(page, 'Ava Waiting has a place and is told by e-mail.');
    await expect(give).toHaveCount(0);
    const event = (await (await admin.request.get(`/api/events/${other}`)).json()) as { volunteers: { name: string; status?: string }[] };
    expect(event.volunteers.find((v) => v.name === 'Ava Waiting')?.status).toBe(undefined);
    noErrors();
    await context.close();
  });
});
