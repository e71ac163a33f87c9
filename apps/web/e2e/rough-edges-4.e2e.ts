import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from './fixtures.ts';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createCommunityEvent } from './setup.ts';
import { linkIn, mailEnv, mailTo, startMailSink, type SmtpSink } from './mail-sink.ts';
import { axe, pageViolations, violations } from './axe.ts';
import { postDate, signInAdmin } from './admin-helpers.ts';

// Issue 63: what people tripped over, round four. Each test fails without its fix.

const ZONE = 'America/New_York';
const SHOTS = process.env.ROUGH_SHOTS;
let site: TestSite;
let sink: SmtpSink;
let fishFry: { id: number; shifts: { id: number }[] };

/** Full-page pictures at 390 and 1280 px when ROUGH_SHOTS names a folder (looked at by hand). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test.beforeAll(async ({ browser }) => {
  sink = await startMailSink();
  site = await startSite({ browser, seed: true, env: mailEnv(sink) });
  const { context } = await site.newPage();
  await apiSignInAdmin(context);
  const day = postDate(6, ZONE);
  const at = (time: string) => zonedToUtc(day, time, ZONE).toISOString();
  const res = await context.request.post('/api/events', {
    data: {
      title: 'Fish Fry',
      description: 'Fish, fries and coleslaw.',
      location: 'Post Home, 100 Main Street',
      startDate: at('11:00'),
      endDate: at('14:00'),
      type: 'fundraiser',
      shifts: [{ role: 'Cashier', startDate: at('11:00'), endDate: at('14:00'), capacity: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  fishFry = (await res.json()) as typeof fishFry;
  // One confirmed, two waiting.
  for (const [name, email] of [
    ['Carla Cash', 'carla@example.org'],
    ['Walt Waiting', 'walt@example.org'],
    ['Wanda Waiting', 'wanda@example.org'],
  ]) {
    const signed = await context.request.post('/api/volunteers', {
      data: { name, email, eventId: fishFry.id, shiftId: fishFry.shifts[0]!.id, waitlist: true },
    });
    expect(signed.ok(), await signed.text()).toBe(true);
  }
  await context.close();
});
test.afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

test.describe('item 1: volunteers are told the truth', () => {
  test('a person who joins the waitlist gets "On the waitlist: Fish Fry, position 2", not "You\'re signed up"', async () => {
    await mailTo(sink, 'carla@example.org', /^You're signed up: Fish Fry$/);
    await mailTo(sink, 'walt@example.org', /^On the waitlist: Fish Fry, position 1$/);
    await mailTo(sink, 'wanda@example.org', /^On the waitlist: Fish Fry, position 2$/);
    expect(sink.messages.filter((m) => /waiting/.test(m.to && !Array.isArray(m.to) ? m.to.text : '') && /signed up/.test(m.subject ?? ''))).toEqual([]);
  });

  test('on the manage page, cancelling a confirmed place asks first, offers Undo, and only then gives the place away', async () => {
    const confirmation = await mailTo(sink, 'carla@example.org', /^You're signed up: Fish Fry$/);
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto(linkIn(confirmation.text, '/volunteer/manage'));
    const mine = page.getByRole('region', { name: 'Your sign-ups' });
    await expect(mine.getByText('Confirmed', { exact: true })).toBeVisible();
    const cancel = mine.getByRole('button', { name: /^Cancel this sign-up/ });
    // It asks; keeping the place changes nothing.
    await cancel.click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel your place?' });
    await expect(ask).toContainText('the next person waiting');
    await shot(page, 'manage-cancel-asks');
    await ask.getByRole('button', { name: 'Keep my place' }).click();
    await expect(ask).toBeHidden();
    // Asked again and confirmed: a few seconds with Undo, which has the focus.
    await cancel.click();
    await ask.getByRole('button', { name: 'Cancel my sign-up' }).click();
    const undo = mine.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeFocused();
    await expect(mine.getByText(/^Cancelling in \d s\.$/)).toBeVisible();
    await shot(page, 'manage-cancel-undo');
    await undo.click();
    await expect(page.getByRole('status').filter({ hasText: 'Undone: your sign-up is kept.' })).toBeVisible();
    await expect(mine.getByText('Confirmed', { exact: true })).toBeVisible();
    const promoted = () => sink.messages.filter((m) => /^You're in: Fish Fry/.test(m.subject ?? '')).length;
    expect(promoted()).toBe(0);
    // Confirmed and left alone: the place goes once the seconds have passed, and the next person is told.
    await cancel.click();
    await ask.getByRole('button', { name: 'Cancel my sign-up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your sign-up is cancelled.' })).toBeVisible({ timeout: 20_000 });
    await mailTo(sink, 'walt@example.org', /^You're in: Fish Fry$/);
    await context.close();
  });
});

test.describe('item 3: the calendar', () => {
  const heading = (ym: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-15T12:00:00Z`));
  const monthAfter = (ym: string) => {
    const [y, m] = ym.split('-').map(Number);
    return new Date(Date.UTC(y!, m!, 15)).toISOString().slice(0, 7);
  };

  test('Back after paging returns to the month before, then to the current one', async () => {
    const now = utcToZoned(new Date(), ZONE).date.slice(0, 7);
    const next = monthAfter(now);
    const after = monthAfter(next);
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    await expect(page.getByRole('table', { name: heading(now) })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${next}`));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${after}`));
    await expect(page.getByRole('table', { name: heading(after) })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`month=${next}`));
    await expect(page.getByRole('table', { name: heading(next) })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((u) => u.pathname === '/events' && !u.searchParams.has('month'));
    await expect(page.getByRole('table', { name: heading(now) })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('table', { name: heading(next) })).toBeVisible();
    await context.close();
  });

  test('on a phone "+N more" is whole and at least 24 px tall, claims no popup, and moves the focus to the day\'s list', async () => {
    const today = utcToZoned(new Date(), ZONE).date;
    const [y, m, d] = today.split('-').map(Number);
    const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
    const busy = `${y}-${String(m).padStart(2, '0')}-${String(d! + 1 <= last ? d! + 1 : d! - 1).padStart(2, '0')}`;
    const { context: admin } = await site.newPage();
    await apiSignInAdmin(admin);
    for (const t of ['Busy Breakfast', 'Busy Color Guard', 'Busy Lunch', 'Busy Bingo', 'Busy Dance', 'Busy Supper'])
      await createCommunityEvent(admin, t, `About ${t}.`, busy, ZONE);
    await admin.close();
    for (const width of [320, 390]) {
      const { page, context } = await site.newPage({ width, height: 844, touch: true });
      await page.goto('/events');
      const cell = page.locator(`[role=cell][data-date="${busy}"]`).first();
      const more = cell.getByRole('button', { name: /Show \d+ more events? on this day/ });
      await expect(more).toBeVisible();
      await expect(more).not.toHaveAttribute('aria-haspopup');
      const box = (await more.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(24);
      // Not clipped: its whole box is inside the day's cell.
      const cellBox = (await cell.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(cellBox.y + cellBox.height + 0.5);
      await shot(page, 'calendar-more');
      await more.tap();
      await expect(page.getByRole('heading', { name: /^Events on / })).toBeFocused();
      await expect(page.getByRole('list', { name: /^Events on / }).getByRole('button', { name: /Busy Supper/ })).toBeVisible();
      await context.close();
    }
  });
});

test.describe('item 4: the news editor', () => {
  test('shows bold and links as formatting, never as tags, with a preview; what it saves is the news markup', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const made = await page.request.post('/api/news', {
      data: {
        title: 'Editor News',
        content: 'Come <strong>early</strong> to <a href="https://www.va.gov/">the VA page</a>.\n\nSecond paragraph.',
        publishDate: new Date().toISOString(),
        featured: false,
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { id } = (await made.json()) as { id: number };
    await page.goto(`/admin/news/${id}`);
    const editor = page.getByRole('textbox', { name: /^Content/ });
    await expect(editor).toContainText('Come early to the VA page.');
    await expect(editor).not.toContainText('<strong>');
    await expect(editor).not.toContainText('<a href');
    await expect(editor.locator('strong')).toHaveText('early');
    await expect(editor.getByRole('link', { name: 'the VA page' })).toHaveAttribute('href', 'https://www.va.gov/');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('strong')).toHaveText('early');
    await expect(preview.getByRole('link', { name: 'the VA page' })).toBeVisible();
    await shot(page, 'news-editor');
    // Typing with Bold on adds formatted text; the preview follows.
    await editor.locator('p').last().click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Bring a friend.');
    await expect(preview.locator('strong').last()).toHaveText('Bring a friend.');
    await page.getByRole('button', { name: 'Update News Item' }).click();
    await expect(page).toHaveURL(/\/admin(\?.*)?$/);
    const saved = (await (await page.request.get(`/api/news/${id}`)).json()) as { content: string };
    expect(saved.content).toBe(
      'Come <strong>early</strong> to <a href="https://www.va.gov/">the VA page</a>.\n\nSecond paragraph.<strong> Bring a friend.</strong>',
    );
    await context.close();
  });
});

test.describe('item 6: axe finds nothing at 320 px', () => {
  async function noFindings(page: Page) {
    expect(await pageViolations(page)).toEqual([]);
    // Two rules axe leaves off by default, which the audit ran.
    expect(await violations(axe(page).withRules(['label-content-name-mismatch', 'scrollable-region-focusable']))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }

  test('the roster with "Give a place", the Outbox message, renewals and the audit log', async () => {
    const { page, context } = await site.newPage({ width: 320, height: 700 });
    await signInAdmin(page);
    await page.goto(`/admin/volunteers?eventId=${fishFry.id}`);
    await expect(page.getByRole('button', { name: /^Give a place to / }).first()).toBeVisible();
    await noFindings(page);
    await page.goto('/admin/outbox');
    await page
      .getByRole('button', { name: /Fish Fry/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('region', { name: 'Text version' })).toBeVisible();
    await noFindings(page);
    await shot(page, 'outbox-message');
    await page.keyboard.press('Escape');
    for (const url of ['/admin/renewals', '/admin/audit']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noFindings(page);
      await shot(page, url.slice(1).replace('/', '-'));
    }
    await page.goto(`/admin/volunteers?eventId=${fishFry.id}`);
    await expect(page.getByRole('button', { name: /^Give a place to / }).first()).toBeVisible();
    await shot(page, 'roster');
    await context.close();
  });
});
