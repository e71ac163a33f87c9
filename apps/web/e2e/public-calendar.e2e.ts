import { expect, test } from './fixtures.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { eventMessages } from '@post/contracts/messages/events';
import { formMessages } from '@post/contracts/messages/forms';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { pageViolations } from './axe.ts';
import { settled } from './admin-helpers.ts';
import { startSite, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';

// The post's zone (the default setting); the harness's browsers run in America/Los_Angeles,
// so a time shown in the visitor's zone would be three hours off.
const ZONE = 'America/New_York';

let site: TestSite;
let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>>;

/** "November 2026" of a month `offset` months from the post's current month. */
function monthHeading(offset = 0): string {
  const [y, m] = utcToZoned(new Date(), ZONE).date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1 + offset, 15)));
}

/** A day of the current month (post's zone) that is not today, preferring tomorrow. */
function dayThisMonth(): { date: string; future: boolean } {
  const today = utcToZoned(new Date(), ZONE).date;
  const [y, m, d] = today.split('-').map(Number);
  const day = d! < 28 ? d! + 1 : d! - 1;
  return { date: `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`, future: day > d! };
}

interface Created {
  id: number;
  title: string;
}

async function createEvent(
  ctx: BrowserContext,
  e: { title: string; date: string; start: string; end: string; positions?: number; type?: string },
): Promise<Created> {
  const res = await ctx.request.post('/api/events', {
    data: {
      title: e.title,
      description: `About ${e.title}.`,
      location: 'Post Home, 100 Main Street',
      startDate: zonedToUtc(e.date, e.start, ZONE).toISOString(),
      endDate: zonedToUtc(e.date, e.end, ZONE).toISOString(),
      type: e.type ?? 'community',
      volunteerPositions: e.positions ?? 10,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { id: number };
  return { id: body.id, title: e.title };
}

async function signInAdmin(ctx: BrowserContext): Promise<void> {
  const res = await ctx.request.post('/api/login', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

// Events this file creates: tomorrow (or yesterday late in the month) at 2:30 PM post time, a
// future one far enough ahead to volunteer for, one with a single position, and fillers that
// push a day past three events.
const day = dayThisMonth();
const soon = (() => {
  const d = new Date(Date.now() + 3 * 86_400_000);
  return utcToZoned(d, ZONE).date;
})();
let known: Created;
let signUp: Created;
let single: Created;

test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
  const { context } = await site.newPage();
  await signInAdmin(context);
  known = await createEvent(context, { title: 'Zone Check Supper', date: day.date, start: '14:30', end: '16:00', type: 'fundraiser' });
  for (const n of [1, 2, 3])
    await createEvent(context, { title: `Filler Meeting ${n}`, date: day.date, start: `0${n + 5}:00`, end: `0${n + 6}:00`, type: 'regular' });
  signUp = await createEvent(context, { title: 'Sign-up Test Picnic', date: soon, start: '12:00', end: '15:00', positions: 5 });
  single = await createEvent(context, { title: 'One Helper Errand', date: soon, start: '09:00', end: '10:00', positions: 1 });
  const [ny, nm] = utcToZoned(new Date(), ZONE).date.split('-').map(Number);
  const next = new Date(Date.UTC(ny!, nm!, 15)).toISOString().slice(0, 10);
  await createEvent(context, { title: 'Next Month Social', date: next, start: '18:00', end: '20:00' });
  adminCookies = await context.cookies();
  await context.close();
});
test.afterAll(async () => site?.close());

test.describe('events calendar', () => {
  test('carries schema.org Event data for search engines in the server-rendered page', async () => {
    const html = await (await fetch(`${site.url}/events`)).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(block, 'no JSON-LD block').toBeTruthy();
    const data = JSON.parse(block!) as { '@type': string; name: string; startDate: string; location: { name: string } }[];
    expect(data.length).toBeGreaterThan(5);
    expect(data.every((e) => e['@type'] === 'Event' && e.name && !Number.isNaN(Date.parse(e.startDate)) && e.location.name)).toBeTruthy();
  });

  test('moves between months with Previous, Next and Today', async () => {
    const { page, context } = await site.newPage();
    const errors = collectErrors(page);
    await page.goto('/events');
    const heading = page.locator('#calendar-heading');
    await expect(page.getByRole('table', { name: monthHeading(0) })).toBeVisible();
    await expect(heading).toHaveText(monthHeading(0), { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('table', { name: monthHeading(1) })).toBeVisible();
    await expect(heading).toHaveText(monthHeading(1), { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeEnabled();
    // Opening and closing an event keeps the month shown.
    await page
      .getByRole('table', { name: monthHeading(1) })
      .getByRole('button', { name: /Next Month Social/ })
      .click();
    await page.getByRole('dialog', { name: 'Next Month Social' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('table', { name: monthHeading(1) })).toBeVisible();
    await expect(heading).toHaveText(monthHeading(1), { useInnerText: true });
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(page.getByRole('table', { name: monthHeading(-1) })).toBeVisible();
    await expect(heading).toHaveText(monthHeading(-1), { useInnerText: true });
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('table', { name: monthHeading(0) })).toBeVisible();
    await expect(heading).toHaveText(monthHeading(0), { useInnerText: true });
    // Six fixed week rows, short weekday headers, the legend.
    await expect(page.locator('[role=table] [role=rowgroup]').nth(1).locator('[role=row]')).toHaveCount(6);
    await expect(page.locator('[role=columnheader] [aria-hidden=true]').first()).toHaveText('Sun', { useInnerText: true });
    for (const label of ['Regular Event', 'Holiday/Special Event', 'Community Service', 'Fundraiser']) {
      await expect(page.getByRole('list', { name: 'Legend' }).getByText(label, { exact: true }), label).toBeVisible();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test("opens an event's popup by click, in the post's time zone, and sets ?id", async () => {
    const { page, context } = await site.newPage();
    await page.goto('/events');
    const cell = page.locator(`[role=cell][data-date="${day.date}"]`);
    await expect(cell).toBeVisible();
    // Four events that day: three show, a labelled more-link offers the rest.
    const more = cell
      .getByRole('button', { name: /Show \d+ more events? on this day/ })
      .or(cell.getByRole('link', { name: /Show \d+ more events? on this day/ }));
    await expect(more).toHaveCount(1);
    await page.locator('summary', { hasText: `Events of ${monthHeading(0)} as a list` }).click();
    await page
      .getByRole('list', { name: `Events of ${monthHeading(0)}` })
      .getByRole('button', { name: known.title })
      .click();
    const dialog = page.getByRole('dialog', { name: known.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/events' && u.search === `?id=${known.id}`);
    const text = await dialog.innerText();
    // 2:30 PM in New York whatever the visitor's zone (the browser runs in Los Angeles).
    const [y, m, d] = day.date.split('-').map(Number);
    const expected = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y!, m! - 1, d!)),
    );
    expect(text, text).toContain(`${expected}, 2:30 PM`);
    expect(text, text).toContain(`${expected}, 4:00 PM`);
    expect(text, text).not.toContain('11:30 AM');
    expect(text).toContain('Post Home, 100 Main Street');
    expect(text).toContain(`About ${known.title}.`);
    await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/events/${known.id}.ics`);
    await expect(dialog.getByRole('link', { name: 'Edit Event' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // The popup opens and closes in the click's render, the address follows after that paint.
    await expect(page).toHaveURL((u) => u.search === '');
    // Focus goes back to what opened the popup (Radix moves it once the dialog has unmounted).
    await page.waitForFunction((title) => document.activeElement?.textContent === title, known.title, { timeout: 3000 });
    // The grid shows times in the post's zone too (6:00 AM in New York is 3:00 AM in Los Angeles), as "6:00 AM" (issue 23 #14),
    // and its own event buttons open the popup.
    const filler = cell.getByRole('button', { name: /^6:00\sAM\s+Filler Meeting 1$/ });
    await expect(filler).toBeVisible();
    await filler.click();
    const fillerDialog = page.getByRole('dialog', { name: 'Filler Meeting 1' });
    await expect(fillerDialog).toBeVisible();
    await expect(page).toHaveURL((u) => /^\?id=\d+$/.test(u.search));
    // Back goes to the address before the popup, and the address rules: the popup closes.
    await page.goBack();
    await expect(fillerDialog).toBeHidden();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  test('opens the popup from /events?id=N and closing clears the parameter; holidays have no Volunteer button', async () => {
    const { page, context } = await site.newPage();
    await page.goto(`/events?id=${signUp.id}`);
    const dialog = page.getByRole('dialog', { name: signUp.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Volunteer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The id goes; the month stays when the event is not in this month (late in a month it is next month's).
    await expect(page).toHaveURL((u) => !u.searchParams.has('id'));

    const year = Number(utcToZoned(new Date(), ZONE).date.slice(0, 4));
    await page.goto(`/events?id=veterans-${year}`);
    const holiday = page.getByRole('dialog', { name: 'Veterans Day' });
    await expect(holiday).toBeVisible();
    const text = await holiday.innerText();
    expect(text).toContain('United States');
    expect(text).toContain('National Holiday: Veterans Day');
    expect(text.includes(`Wed, Nov 11, ${year}`) || text.includes(`Nov 11, ${year}`)).toBeTruthy();
    await expect(holiday.getByRole('button', { name: 'Volunteer' })).toHaveCount(0);
    // The calendar opened on the holiday's month (hidden from the accessibility tree while the dialog is open).
    await expect(page.locator('#calendar-heading')).toHaveText(`November ${year}`, { useInnerText: true });
    await holiday.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL((u) => u.search === '');

    await page.goto('/events?id=999999');
    await expect(page.getByRole('dialog', { name: eventMessages.notFound })).toBeVisible();
    await context.close();
  });

  test('signs a volunteer up from the calendar: errors, success toast, Filled goes up', async () => {
    const { page, context } = await site.newPage();
    await page.goto(`/events?id=${signUp.id}`);
    const row = page.locator(`tr[data-event-id="${signUp.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('td').nth(2)).toHaveText('5', { useInnerText: true });
    await expect(row.locator('td').nth(3)).toHaveText('0', { useInnerText: true });
    await page.getByRole('dialog', { name: signUp.title }).getByRole('button', { name: 'Volunteer' }).click();
    const dialog = page.getByRole('dialog', { name: signUp.title });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByText(formMessages.nameMin)).toBeVisible();
    await expect(dialog.getByText(formMessages.emailInvalid)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Pat Volunteer');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await dialog.getByRole('textbox', { name: 'Phone (optional)' }).fill('555');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByText(formMessages.phoneMin)).toBeVisible();
    await expect(dialog.getByText(formMessages.emailInvalid)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('pat.volunteer@example.com');
    await dialog.getByRole('textbox', { name: 'Phone (optional)' }).fill('(555) 555-0199');
    await dialog.getByRole('textbox', { name: 'Role (optional)' }).fill('Grill');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(volunteerMessages.signedUp.title)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.waitForFunction((id) => document.querySelector(`tr[data-event-id="${id}"] td:nth-child(4)`)?.textContent === '1', signUp.id);
    // Focus is not lost: it goes to the confirmation on the page (decision 0096).
    await expect(page.getByRole('region', { name: volunteerMessages.signedUp.title })).toBeFocused();

    // The same address again: the server's reason is shown.
    await row.getByRole('button', { name: /Volunteer/ }).click();
    const again = page.getByRole('dialog', { name: signUp.title });
    // The form was reset after the success.
    await expect(again.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await again.getByRole('textbox', { name: 'Name' }).fill('Pat Volunteer');
    await again.getByRole('textbox', { name: 'Email' }).fill('pat.volunteer@example.com');
    await again.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(volunteerMessages.alreadySignedUp)).toBeVisible();
    await expect(again, 'the dialog stays open with what was typed').toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.locator('td').nth(3)).toHaveText('1', { useInnerText: true });
    await context.close();
  });

  test('offers "Full — join the waitlist" for an event whose positions are taken', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/events');
    const row = page.locator(`tr[data-event-id="${single.id}"]`);
    await row.getByRole('button', { name: /Volunteer/ }).click();
    const dialog = page.getByRole('dialog', { name: single.title });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sam Helper');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('sam.helper@example.com');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(volunteerMessages.signedUp.title)).toBeVisible();
    // Issue 43: a full event offers its waitlist instead of a dead button.
    const full = row.getByRole('button', { name: /Full — join the waitlist/ });
    await expect(full).toBeVisible();
    await expect(full).toBeEnabled();
    await context.close();
  });

  test('gives administrators Manage links, Edit Event and drag-select to a new event', async () => {
    const { page, context } = await site.newPage();
    await context.addCookies(adminCookies);
    await page.goto(`/events?id=${known.id}`);
    const dialog = page.getByRole('dialog', { name: known.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Edit Event' })).toHaveAttribute('href', `/admin/events/${known.id}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.locator(`tr[data-event-id="${signUp.id}"]`);
    await expect(row.getByRole('link', { name: /Manage/ })).toHaveAttribute('href', `/admin/events/${signUp.id}`);
    await expect(row.getByRole('button', { name: /Volunteer/ })).toHaveCount(0);

    const year = Number(utcToZoned(new Date(), ZONE).date.slice(0, 4));
    const month = utcToZoned(new Date(), ZONE).date.slice(0, 7);
    const from = page.locator(`[role=cell][data-date="${month}-09"]`);
    const to = page.locator(`[role=cell][data-date="${month}-11"]`);
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height - 8);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width, a.y + a.height - 8, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height - 8, { steps: 8 });
    await page.mouse.up();
    await expect(page).toHaveURL((u) => u.pathname === '/admin/events/new');
    const q = new URL(page.url()).searchParams;
    expect(q.get('start')).toBe(`${month}-09`);
    expect(q.get('end')).toBe(`${month}-11`);
    expect(year).toBeGreaterThan(2000);
    await context.close();
  });

  test('offers export, iPhone and Android subscriptions of the feed', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/events');
    const exp = page.getByRole('link', { name: 'Export' });
    await expect(exp).toBeVisible();
    await expect(exp).toHaveAttribute('href', '/api/events.ics');
    expect(await exp.getAttribute('download')).not.toBe(null);
    const host = new URL(site.url).host;
    // The page's own address is known once the page runs in the browser.
    await expect(page.locator('a[href^="webcal:"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'iPhone' })).toHaveAttribute('href', `webcal://${host}/api/events.ics`);
    await expect(page.getByRole('link', { name: /Android/ })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`webcal://${host}/api/events.ics`)}`,
    );
    await context.close();
  });

  test('opens on the month grid on a phone too (issue 23 #1), with a switch to the list', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/events');
    const grid = page.getByRole('table', { name: monthHeading(0) });
    await expect(grid).toBeVisible();
    await expect(page.locator('.post-cal-dot').first()).toBeVisible();
    // The whole month fits in the grid's box: nothing (such as a dot's text for screen readers)
    // makes it taller, so the first week is in view, not scrolled away above the 15th's row.
    const fit = await grid.evaluate((table) => {
      const scrolled = [table, ...table.querySelectorAll<HTMLElement>('*')].filter(
        (e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY),
      );
      const first = table.querySelector<HTMLElement>('[role=cell][data-date$="-01"]:not([aria-hidden])') ?? table.querySelector<HTMLElement>('[role=cell]');
      const box = table.getBoundingClientRect();
      const cell = first!.getBoundingClientRect();
      return {
        scrolled: scrolled.map((e) => `${e.className} ${e.scrollHeight}>${e.clientHeight}`),
        firstInView: cell.top >= box.top - 1 && cell.bottom <= box.bottom + 1,
      };
    });
    expect(fit.scrolled, 'no part of the grid overflows its box').toEqual([]);
    expect(fit.firstInView, 'the first week is in view').toBeTruthy();
    await page
      .getByRole('list', { name: `Events of ${monthHeading(0)}` })
      .getByRole('button', { name: /Zone Check Supper/ })
      .click();
    await expect(page.getByRole('dialog', { name: known.title })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Show as list' }).click();
    await expect(page.getByRole('list', { name: monthHeading(0) })).toBeVisible();
    await expect(page.getByRole('table', { name: monthHeading(0) })).toHaveCount(0);
    // Phones get the volunteer needs as cards.
    await expect(page.getByRole('list', { name: 'Upcoming volunteer needs' })).toBeVisible();
    await context.close();
  });

  test('has the popup ready before the first click, and opening it leaves the page’s inherited styles alone', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    // The popup's code arrives after hydration, without a click (with its own imports, after it).
    const preloaded = page.waitForResponse((r) => /\/assets\/event-details-dialog-[^/]+\.js$/.test(r.url()));
    await page.goto('/events');
    await preloaded;
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
    await page
      .getByRole('list', { name: `Events of ${monthHeading(0)}` })
      .getByRole('button', { name: /Zone Check Supper/ })
      .click();
    const dialog = page.getByRole('dialog', { name: known.title });
    await expect(dialog).toBeVisible();
    expect(scripts, 'opening the popup fetched no code').toEqual([]);
    // Radix still locks the page behind the dialog; the app's root keeps its own values, so the
    // browser does not recompute every element's style (styles.css), and the overlay still
    // takes a tap outside the dialog, which closes it.
    const styles = await page.evaluate(() => {
      const app = getComputedStyle(document.getElementById('app')!);
      const body = getComputedStyle(document.body);
      const corner = document.elementFromPoint(4, 4);
      return {
        body: body.pointerEvents,
        app: app.pointerEvents,
        lockVar: body.getPropertyValue('--removed-body-scroll-bar-size'),
        appVar: app.getPropertyValue('--removed-body-scroll-bar-size'),
        corner: corner?.getAttribute('data-slot'),
      };
    });
    expect(styles.body).toBe('none');
    expect(styles.app).toBe('auto');
    expect(styles.lockVar, 'the scroll lock sets its variable on <body>').not.toBe('');
    expect(styles.appVar, 'the variable stays on <body>').toBe('');
    expect(styles.corner).toBe('dialog-overlay');
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((u) => u.search === '');
    await context.close();
  });

  test('passes axe checks in the grid and with the popup open', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/events');
    await expect(page.getByRole('table', { name: monthHeading(0) })).toBeVisible();
    expect(await pageViolations(page)).toEqual([]);
    await page.goto(`/events?id=${known.id}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await settled(page);
    expect(await pageViolations(page)).toEqual([]);
    await context.close();
  });
});

test.describe('events calendar without events', () => {
  let empty: TestSite;
  test.beforeAll(async ({ browser }) => {
    empty = await startSite({ browser });
  });
  test.afterAll(async () => empty?.close());

  test('shows the holidays and the empty volunteer table', async () => {
    const { page, context } = await empty.newPage();
    await page.goto('/events');
    await expect(page.getByText(volunteerMessages.noOpportunities)).toBeVisible();
    const year = Number(utcToZoned(new Date(), ZONE).date.slice(0, 4));
    await page.goto(`/events?id=christmas-${year}`);
    const dialog = page.getByRole('dialog', { name: 'Christmas Day' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: `December ${year}` })).toBeVisible();
    await expect(page.locator(`[role=cell][data-date="${year}-12-25"]`).getByRole('button', { name: /Christmas Day/ })).toBeVisible();
    await context.close();
  });
});
