import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { axe, WCAG_TAGS } from './axe.ts';
import { settled } from './admin-helpers.ts';
import { memberMessages } from '@post/contracts/messages/members';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createCommunityEvent } from './setup.ts';

// Issue 7, item 3: WCAG 2.2 AA on every screen (axe), with dialogs and popups open; reflow at
// 320 px and at 200% zoom; reduced motion.

const ZONE = 'America/New_York';

let site: TestSite;
let eventId: number;
let eventTitle: string;
let newsId: number;
/** Every finding of the run, printed at the end so one run lists them all. */
const findings: string[] = [];

/** Axe over the whole page (WCAG 2.2 A and AA); fails with a readable list of violations. */
async function scan(page: Page, screen: string): Promise<void> {
  // Transitions (dialogs, sheets, toasts) end first, so that axe sees final colours.
  await settled(page);
  const results = await axe(page).withTags(WCAG_TAGS).analyze();
  const lines = results.violations.flatMap((v) => [
    `  [${v.impact}] ${v.id}: ${v.help}`,
    ...v.nodes.map(
      (n) =>
        `      ${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 160)}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`,
    ),
  ]);
  if (lines.length) findings.push(`${screen}\n${lines.join('\n')}`);
  expect(lines.length, `axe violations on ${screen}:\n${lines.join('\n')}`).toBe(0);
}

test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
  const { context } = await site.newPage();
  await apiSignInAdmin(context);
  const date = utcToZoned(new Date(Date.now() + 3 * 86_400_000), ZONE).date;
  eventTitle = 'Accessibility Picnic';
  eventId = await createCommunityEvent(context, eventTitle, 'A picnic to check the calendar.', date, ZONE);
  const news = (await (await context.request.get('/api/news')).json()) as Array<{ id: number }>;
  expect(news.length, 'the seeded site has news').toBeGreaterThan(0);
  newsId = news[0]!.id;
  await context.close();
});
test.afterAll(async () => {
  if (findings.length) console.log(`\n===== axe findings (${findings.length} screens) =====\n${findings.join('\n\n')}\n`);
  await site?.close();
});

test.describe('a visitor meets no axe violation (WCAG 2.2 AA)', () => {
  for (const [path, width] of [
    ['/', 1280],
    ['/', 390],
    ['/resources', 1280],
    ['/news', 1280],
    ['/community', 1280],
    ['/commander-message', 1280],
    ['/QRG', 1280],
    ['/admin/login', 1280],
    ['/no/such/page', 1280],
  ] as const) {
    test(`${path} at ${width} px`, async () => {
      const { page, context } = await site.newPage({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await scan(page, `${path} @${width}`);
      await context.close();
    });
  }

  test('/news/{id}', async () => {
    const { page, context } = await site.newPage();
    await page.goto(`/news/${newsId}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await scan(page, `/news/${newsId}`);
    await context.close();
  });

  test('on /login, both tabs, and with the sign-in errors shown', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await scan(page, '/login (Administration)');
    await page.getByRole('tab', { name: 'Member Portal' }).click();
    await expect(page.getByLabel('Membership Number')).toBeVisible();
    await scan(page, '/login (Member Portal)');
    // The failed sign-in messages are part of the screen too.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(memberMessages.membershipNumberRequired)).toBeVisible();
    await scan(page, '/login (Member Portal, errors shown)');
    await context.close();
  });

  test('/events grid at 1280 px, list at 390 px, the event popup and the Volunteer Sign Up dialog', async () => {
    // Four screens at two widths, each scanned: three tests' time (decision 0091).
    test.slow();
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show as list' })).toBeVisible();
    await scan(page, '/events grid @1280');
    await page.goto(`/events?id=${eventId}`);
    const popup = page.getByRole('dialog', { name: eventTitle });
    await expect(popup).toBeVisible();
    await scan(page, '/events?id popup @1280');
    await popup.getByRole('button', { name: 'Volunteer' }).click();
    await expect(page.getByRole('dialog', { name: eventTitle }).getByRole('textbox', { name: 'Name' })).toBeVisible();
    await scan(page, '/events Volunteer Sign Up dialog @1280');
    await context.close();

    const phone = await site.newPage({ width: 390, height: 844 });
    await phone.page.goto('/events');
    await expect(phone.page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(phone.page, '/events list @390');
    await phone.page.goto(`/events?id=${eventId}`);
    await expect(phone.page.getByRole('dialog', { name: eventTitle })).toBeVisible();
    await scan(phone.page, '/events?id popup @390');
    await phone.context.close();
  });

  test('the phone menu open at 390 px', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await scan(page, 'phone menu @390');
    await context.close();
  });
});

test.describe('a member meets no axe violation', () => {
  test('on the member portal, both tabs', async ({ asMember: { page } }) => {
    await page.goto('/member');
    await expect(page.getByRole('heading', { name: 'Member Portal' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Communications' })).toBeVisible();
    await scan(page, '/member (Communications)');
    await page.getByRole('tab', { name: 'Resources' }).click();
    await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    await scan(page, '/member (Resources)');
  });
});

test.describe('an administrator meets no axe violation', () => {
  for (const tab of ['events', 'news', 'resources', 'commander', 'engagements']) {
    test(`/admin?tab=${tab} with a delete confirmation open`, async ({ asAdmin: { page } }) => {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      await scan(page, `/admin?tab=${tab}`);
      const del = page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Delete\b/ })
        .first();
      if ((await del.count()) > 0) {
        await del.click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await scan(page, `/admin?tab=${tab} (delete confirmation)`);
      } else {
        throw new Error(`no Delete button on the ${tab} tab of the seeded site`);
      }
    });
  }

  const screens: Array<[string, ((page: Page) => Promise<void>)?]> = [
    ['/admin/events/new'],
    ['/admin/events/{event}'],
    ['/admin/news/new'],
    ['/admin/resources/new'],
    ['/admin/commander-messages/new'],
    ['/admin/community-engagement/new'],
    ['/admin/change-password'],
    ['/admin/settings'],
    ['/admin/newsletter'],
    [
      '/admin/user-management',
      async (page) => {
        await page.getByRole('button', { name: 'Add Member' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    ],
    ['/admin/member-communications'],
    ['/admin/member-communications/new'],
    ['/admin/member-resources'],
    ['/admin/member-resources/new'],
    ['/admin/reports/service'],
    [
      '/admin/service-hours',
      async (page) => {
        await page.getByRole('button', { name: 'Add service' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    ],
    ['/admin/events/{event}/check-in'],
  ];
  for (const [route, open] of screens) {
    test(route, async ({ asAdmin: { page } }) => {
      const path = route.replace('{event}', String(eventId));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await scan(page, path);
      if (open) {
        await open(page);
        await scan(page, `${path} (dialog open)`);
      }
    });
  }
});

test.describe('reflow (WCAG 1.4.10): the public pages fit', () => {
  const pages = ['/', '/events', '/resources', '/news', '/community', '/commander-message', '/QRG', '/login'];
  for (const [label, viewport, scale] of [
    ['320 px', { width: 320, height: 640 }, 1],
    ['1280 px at 200% zoom', { width: 640, height: 400 }, 2],
  ] as const) {
    test(`a reader at ${label} never scrolls sideways`, async () => {
      const context = await site.browser.newContext({ baseURL: site.url, viewport, deviceScaleFactor: scale, timezoneId: 'America/Los_Angeles' });
      const page = await context.newPage();
      const wide: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('html[data-ready]')).toBeAttached();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await settled(page);
        const m = await page.evaluate(() => {
          const vw = window.innerWidth;
          const over = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((el) => el.getBoundingClientRect().right > vw + 1 && el.getClientRects().length > 0)
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 4).join('.')} right=${Math.round(el.getBoundingClientRect().right)}`,
            );
          return { scroll: document.documentElement.scrollWidth, inner: vw, over };
        });
        if (m.scroll > m.inner + 1) wide.push(`${path}: scrollWidth ${m.scroll} > ${m.inner}\n    ${m.over.join('\n    ')}`);
      }
      await context.close();
      expect(wide, `horizontal scrolling at ${label}:\n${wide.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('a visitor who asks for reduced motion', () => {
  async function motionOf(page: Page, selector: string): Promise<{ name: string; duration: number; transition: number }> {
    return page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        const secs = (v: string) => Math.max(...v.split(',').map((x) => (x.trim().endsWith('ms') ? parseFloat(x) / 1000 : parseFloat(x))));
        return { name: s.animationName, duration: secs(s.animationDuration), transition: secs(s.transitionDuration) };
      });
  }
  const still = (m: { name: string; duration: number; transition: number }) => (m.name === 'none' || m.duration < 0.02) && m.transition < 0.02;

  test('sees the phone menu and dialogs open without animation', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
      timezoneId: 'America/Los_Angeles',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    const menu = await motionOf(page, 'dialog[data-slot="mobile-menu"]');
    expect(still(menu), `the phone menu animates: ${JSON.stringify(menu)}`).toBeTruthy();
    await page.keyboard.press('Escape');

    await page.goto(`/events?id=${eventId}`);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect(page.getByRole('dialog', { name: eventTitle })).toBeVisible();
    const popup = await motionOf(page, '[role="dialog"][data-slot="dialog-content"], [role="dialog"]');
    expect(still(popup), `the event popup animates: ${JSON.stringify(popup)}`).toBeTruthy();
    const overlay = page.locator('[data-slot="dialog-overlay"]');
    if ((await overlay.count()) > 0) {
      const o = await motionOf(page, '[data-slot="dialog-overlay"]');
      expect(still(o), `the dialog overlay animates: ${JSON.stringify(o)}`).toBeTruthy();
    }
    await context.close();
  });

  test('sees the delete confirmation open without animation', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
      timezoneId: 'America/Los_Angeles',
    });
    await apiSignInAdmin(context);
    const page = await context.newPage();
    await page.goto('/admin?tab=news');
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Delete\b/ })
      .first()
      .click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    const m = await motionOf(page, '[role="alertdialog"]');
    expect(still(m), `the confirmation animates: ${JSON.stringify(m)}`).toBeTruthy();
    await context.close();
  });
});
