import { expect, test } from './fixtures.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createEventWithShifts, signUpVolunteer } from './setup.ts';
import { screenshotIfAsked } from './admin-helpers.ts';
import { manageToken } from '../../api/src/lib/manage-link.ts';

// Volunteer shifts and the waitlist in the dialog (issue 43), on a phone and on a wide screen,
// with the keyboard only: the shifts are a list of large check boxes with "n of m filled", a
// full one reads "Full — join the waitlist", and joining it is announced with the place.

const SHOTS = process.env.SHIFT_SHOTS;
let site: TestSite;
let admin: BrowserContext;
let eventId: number;
const TITLE = 'Fish Fry Friday';
/** Known, so the test can sign a confirmation's link as the server does. */
const SECRET = 'e2e-shifts-session-secret-0123456789abcdef';

const shot = (page: Page, name: string) => screenshotIfAsked(SHOTS, page, name);

test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, env: { SESSION_SECRET: SECRET } });
  ({ context: admin } = await site.newPage());
  await apiSignInAdmin(admin);
  // A fish fry five days ahead: Server ×4 (aprons provided) and Cashier ×1, 11:00 to 14:00.
  const event = await createEventWithShifts(admin, { title: TITLE, daysAhead: 5 });
  eventId = event.id;
  // The Cashier's one place is taken.
  await signUpVolunteer(admin, { name: 'Carla Cash', email: 'carla@example.org', eventId, shiftId: event.shifts[1]!.id });
});
test.afterAll(async () => site?.close());

test.describe('the volunteer dialog with shifts', () => {
  for (const [width, who, position] of [
    [390, 'phone', 1],
    [1280, 'wide', 2],
  ] as const) {
    test(`signs up for one shift and joins another's waitlist with the keyboard only (${width} px)`, async () => {
      const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/events');
      const entry = page.locator(`${width === 390 ? 'li' : 'tr'}[data-event-id="${eventId}"]`);
      const open = entry.getByRole('button', { name: /Volunteer/ });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: TITLE });
      await expect(dialog).toBeVisible();
      // The shifts are check boxes with their role, time and how full they are.
      const server = dialog.getByRole('checkbox', { name: /Server/ });
      const cashier = dialog.getByRole('checkbox', { name: /Cashier/ });
      await expect(server).toBeVisible();
      expect((await dialog.locator('label').filter({ hasText: 'Server' }).innerText()).replace(/\s+/g, ' ')).toMatch(
        new RegExp(`Server .* ${position - 1} of 4 filled Aprons provided`),
      );
      await expect(dialog.locator('label').filter({ hasText: 'Cashier' })).toHaveText(/1 of 1 filled · Full — join the waitlist/, { useInnerText: true });
      // A phone's tap target is at least 44 px high.
      const box = (await dialog.locator('label').filter({ hasText: 'Server' }).boundingBox())!;
      expect(box.height, `tap target ${box.height}px`).toBeGreaterThanOrEqual(44);
      await shot(page, `shifts-dialog-${width}`);

      await expect(dialog.getByRole('textbox', { name: 'Name' }), 'focus starts on Name').toBeFocused();
      await page.keyboard.type(`Pat ${who}`);
      await page.keyboard.press('Tab');
      await page.keyboard.type(`pat.${who}@example.org`);
      await page.keyboard.press('Tab'); // phone, left empty
      await page.keyboard.press('Tab');
      await expect(server, 'the first shift comes after the phone').toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(server).toBeChecked();
      await expect(cashier).toBeChecked();
      const submit = dialog.getByRole('button', { name: 'Join the waitlist' });
      await submit.focus();
      await page.keyboard.press('Enter');
      // The toast (a live region) tells the place, as a screen reader reads it.
      await expect(page.getByText(volunteerMessages.signedUp.title)).toBeVisible();
      await expect(page.getByText(`added to the waitlist, position ${position}`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await shot(page, `shifts-after-${width}`);
      await context.close();
    });
  }

  test('leaves the event with each shift counted and the waitlist in order', async () => {
    const event = (await (await admin.request.get(`/api/events/${eventId}`)).json()) as {
      volunteerPositions: number;
      volunteerCount: number;
      shifts: { role: string; filled: number; waitlisted: number }[];
      volunteers: { email: string; status?: string; position?: number }[];
    };
    expect(event.shifts.map((s) => [s.role, s.filled, s.waitlisted])).toStrictEqual([
      ['Server', 2, 0],
      ['Cashier', 1, 2],
    ]);
    expect(event.volunteerPositions).toBe(5);
    expect(event.volunteerCount).toBe(3);
    const waiting = event.volunteers.filter((v) => v.status === 'waitlisted').map((v) => [v.email, v.position]);
    expect(waiting).toStrictEqual([
      ['pat.phone@example.org', 1],
      ['pat.wide@example.org', 2],
    ]);
  });

  test('lists the shifts in the event popup and offers the waitlist when every place is taken', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto(`/events?id=${eventId}`);
    const popup = page.getByRole('dialog', { name: TITLE });
    await expect(popup).toBeVisible();
    await expect(popup.getByText(/Server, .*: 2 of 4 filled/)).toBeVisible();
    await expect(popup.getByText(/Cashier, .*: 1 of 1 filled/)).toBeVisible();
    await shot(page, 'shifts-popup-1280');
    await context.close();
  });

  test('shows the self-service page behind the link: sign-ups with their places, the map, and buttons that act', async () => {
    for (const width of [390, 1280]) {
      const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/volunteer/manage?token=${manageToken(SECRET, eventId, 'pat.wide@example.org')}`);
      await expect(page.getByRole('heading', { name: 'Your Volunteer Sign-Ups', level: 1 })).toBeVisible();
      await expect(page.getByText('On the waitlist, position 2')).toBeVisible();
      await expect(page.getByText('Confirmed', { exact: true })).toHaveCount(1);
      expect((await page.getByRole('link', { name: /Map/ }).getAttribute('href')) ?? '').toMatch(/google\.com\/maps\/search\/.*Post%20Home/);
      await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/events/${eventId}.ics`);
      await shot(page, `manage-${width}`);
      await context.close();
    }
    // Only a button acts: cancel the Server shift, then add it back.
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto(`/volunteer/manage?token=${manageToken(SECRET, eventId, 'pat.wide@example.org')}`);
    await page.getByRole('button', { name: /Cancel this sign-up.*Server/ }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your place?' }).getByRole('button', { name: 'Cancel my sign-up' }).click();
    await expect(page.getByRole('status').getByText('Your sign-up is cancelled.')).toBeVisible();
    await page.getByRole('button', { name: /Add this shift.*Server/ }).click();
    await expect(page.getByRole('status').getByText('You are signed up for Server.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Cancel this sign-up.*Server/ })).toBeVisible();
    // A link that names nothing says so.
    await page.goto(`/volunteer/manage?token=${eventId}.${'A'.repeat(43)}`);
    await expect(page.getByRole('alert').getByText(/not valid any more/)).toBeVisible();
    await context.close();
  });
});
