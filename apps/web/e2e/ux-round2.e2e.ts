import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin, createCommunityEvent, demoMembers } from './setup.ts';
import { axe, violations } from './axe.ts';
import { axeViolations, signInAdmin } from './admin-helpers.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { commonMessages } from '@post/contracts/messages/common';
import { formMessages } from '@post/contracts/messages/forms';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { signInMessages } from '@post/contracts/messages/sign-in';

// Issue 46: what visitors, members and the adjutant still tripped over. One test per item or
// group of items; each fails without its fix.

const ZONE = 'America/New_York';
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** A day of the current month (post's zone), `ahead` days after today or as many before. */
function dayThisMonth(ahead: number): string {
  const today = utcToZoned(new Date(), ZONE).date;
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  const day = d! + ahead <= last ? d! + ahead : d! - ahead;
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The member portal at this width, its heading shown. */
async function openPortal(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto('/member');
  await expect(page.getByRole('heading', { name: 'Member Portal', level: 1 })).toBeVisible();
}

test.describe('issue 46 #1: "+N more" in the calendar', () => {
  const busy = dayThisMonth(2);
  const titles = ['Busy Day Breakfast', 'Busy Day Color Guard', 'Busy Day Lunch', 'Busy Day Bingo', 'Busy Day Dance'];
  test.beforeAll(async () => {
    const { context } = await site.newPage();
    await apiSignInAdmin(context);
    for (const t of titles) await createCommunityEvent(context, t, `About ${t}.`, busy, ZONE);
    await context.close();
  });

  test('on a phone opens the day list with each title, not a popover of blank bars', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/events');
    const cell = page.locator(`[role=cell][data-date="${busy}"]`).first();
    await expect(cell.locator('.post-cal-dot').first()).toBeVisible();
    await cell.getByRole('button', { name: /Show \d+ more events? on this day/ }).click();
    const list = page.getByRole('list', { name: /^Events on / });
    await expect(list).toBeVisible();
    for (const t of titles) await expect(list.getByRole('button', { name: new RegExp(t) }), t).toBeVisible();
    await expect(page.locator('.fc-popover, [role=dialog]'), 'no popover').toHaveCount(0);
    // The tapped day stands out; its marks tell a screen reader the day's count and what a tap does.
    await expect(page.locator(`.post-cal-day-selected[data-date="${busy}"]`), 'the tapped day is highlighted').toHaveCount(1);
    await expect(page.locator('.post-cal-day-selected')).toHaveCount(1);
    // The demo may have its own event that day too: at least these five.
    const mark = cell.getByRole('button', { name: new RegExp(`${titles[0]}\\. ([5-9]|\\d{2,}) events on this day: opens the day's list\\.`) });
    await expect(mark).toHaveCount(1);
    await context.close();
  });

  test('on a wide screen still opens the popover with time and title', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    const cell = page.locator(`[role=cell][data-date="${busy}"]`).first();
    await cell.getByRole('button', { name: /Show \d+ more events? on this day/ }).click();
    const popover = page.getByRole('dialog');
    await expect(popover).toBeVisible();
    const text = await popover.innerText();
    for (const t of titles) expect(text, t).toContain(t);
    expect(text).toMatch(/12:00\s*PM/);
    await expect(page.getByRole('list', { name: /^Events on / })).toHaveCount(0);
    await context.close();
  });
});

test.describe('issue 46 #2: dialogs with a form ask before throwing edits away', () => {
  test('the member dialog asks on Escape, on a click outside and on Cancel; unchanged, it just closes', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Member' });
    await expect(dialog).toBeVisible();
    // Unchanged: Escape closes at once.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    await dialog.getByLabel(/^First Name/).fill('Temperance');
    const ask = page.getByRole('alertdialog', { name: formMessages.discardChanges.title });
    // Escape asks; keeping on editing keeps what was typed.
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: formMessages.discardChanges.keep }).click();
    await expect(ask).toBeHidden();
    await expect(dialog.getByLabel(/^First Name/)).toHaveValue('Temperance');
    // A click outside asks too.
    await page.mouse.click(5, 450);
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: formMessages.discardChanges.keep }).click();
    await expect(ask).toBeHidden();
    await expect(dialog).toBeVisible();
    // Cancel asks; discarding closes and forgets.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: formMessages.discardChanges.discard }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    await expect(dialog.getByLabel(/^First Name/)).toHaveValue('');
    await context.close();
  });

  test("the officer's Add an account and the member's Change Password ask too, and start afresh once discarded", async ({
    asAdmin: { page },
    asMember: member,
  }) => {
    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('half-typed');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: formMessages.discardChanges.title });
    await ask.getByRole('button', { name: formMessages.discardChanges.discard }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add an account' }).click();
    await expect(dialog.getByLabel(/^Username/)).toHaveValue('');

    await openPortal(member.page, 390);
    await member.page.getByRole('button', { name: 'Change Password' }).click();
    const change = member.page.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel(/^Current Password/).fill('something');
    await change.getByRole('button', { name: 'Close' }).click();
    await expect(member.page.getByRole('alertdialog', { name: formMessages.discardChanges.title })).toBeVisible();
  });
});

test.describe('issue 46 #3: the month shown is in the address', () => {
  test('Next puts ?month= in the address; a reload, Back and a shared link keep it; Today and a bad month leave it plain', async () => {
    const [y, m] = utcToZoned(new Date(), ZONE).date.split('-').map(Number);
    const next = new Date(Date.UTC(y!, m!, 15));
    const nextYm = next.toISOString().slice(0, 7);
    const heading = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    await expect(page.getByRole('table', { name: heading(new Date(Date.UTC(y!, m! - 1, 15))) })).toBeVisible();
    await expect(page).toHaveURL((url) => url.search === '');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('month') === nextYm);
    await page.reload();
    await expect(page.getByRole('table', { name: heading(next) })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/news');
    await page.goBack();
    await expect(page.getByRole('table', { name: heading(next) })).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('month') === nextYm);
    await page.getByRole('button', { name: 'Today' }).click();
    await page.waitForURL((u) => u.search === '');
    // A shared link opens its month; one that is no month opens the current one.
    await page.goto('/events?month=2030-03');
    await expect(page.getByRole('table', { name: 'March 2030' })).toBeVisible();
    const bad = await page.goto('/events?month=2030-13');
    expect(bad?.status()).toBe(200);
    await expect(page.getByRole('table', { name: heading(new Date(Date.UTC(y!, m! - 1, 15))) })).toBeVisible();
    await context.close();
  });
});

test.describe('issue 46 #4: one password rule, one message', () => {
  test("the member's change-password dialog says 8 like its hint; Add an account says an empty e-mail is required", async ({ asMember: member }) => {
    await openPortal(member.page, 390);
    await member.page.getByRole('button', { name: 'Change Password' }).click();
    const change = member.page.getByRole('dialog', { name: 'Change Password' });
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expect(change.getByText(accountMessages.passwordMin)).toBeVisible();
    expect(accountMessages.passwordMin).toBe('Password must be at least 8 characters');
    await expect(change.getByText('At least 8 characters; a longer phrase is safer.')).toBeVisible();
    await expect(change.getByText(/at least 6/i)).toHaveCount(0);

    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('no-mail');
    await dialog.getByLabel(/^First name/).fill('Noah');
    await dialog.getByLabel(/^Last name/).fill('Mailless');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog.getByText(accountMessages.staffEmailRequired)).toBeVisible();
    await expect(dialog.getByText(formMessages.invalidEmail)).toHaveCount(0);
    await dialog.getByLabel(/^E-mail/).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog.getByText(formMessages.invalidEmail)).toBeVisible();
    // A temporary password follows the same rule and message.
    await dialog.getByLabel(/^Set a temporary password/).check();
    await dialog.getByLabel(/^Temporary password/).fill('short');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog.getByText(accountMessages.passwordMin)).toBeVisible();
    expect(await axeViolations(page)).toStrictEqual([]);
    await context.close();
  });
});

/** Controls in the page smaller than 24 × 24 px (WCAG 2.2 2.5.8), links inside a sentence aside. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]');
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.sr-only, [aria-hidden=true]')) continue;
      // The exception for a link in running text: its line is set by the sentence around it.
      const parent = el.parentElement;
      const inSentence = getComputedStyle(el).display === 'inline' && parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (inSentence) continue;
      if (r.width < 24 || r.height < 24) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40);
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return found;
  });
}

test.describe('issue 46 #5: toasts that tell the truth and stay out of the way', () => {
  const toasts = (page: Page) => page.locator('[data-sonner-toast]');

  test("a member's successful sign-in replaces the error toast of the failed try", async () => {
    const { password, numbers } = demoMembers(site);
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/login?tab=member');
    await page.getByLabel('Membership Number').fill(numbers[0]!);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).filter({ hasText: signInMessages.memberLoginFailed.title })).toBeVisible();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/member');
    await expect(toasts(page).filter({ hasText: signInMessages.memberLoginSuccess.title })).toBeVisible();
    await expect(toasts(page).filter({ hasText: signInMessages.memberLoginFailed.title }), 'the error toast is gone').toHaveCount(0);
    await context.close();
  });

  for (const [width, height] of [
    [390, 844],
    [1024, 768],
    [1280, 900],
  ] as const) {
    test(`an error toast never covers the buttons of the open dialog (${width} px)`, async () => {
      const { page, context } = await site.newPage({ width, height });
      await signInAdmin(page);
      await page.goto('/admin/administrators');
      await page.getByRole('button', { name: 'Add an account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an account' });
      await dialog.getByLabel(/^Username/).fill('toast-check');
      await dialog.getByLabel(/^First name/).fill('Toast');
      await dialog.getByLabel(/^Last name/).fill('Check');
      await dialog.getByLabel(/^E-mail/).fill('toast.check@example.org');
      // The server fails: the dialog stays open with its buttons, and an error toast arrives.
      await page.route('**/trpc/users.create**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"boom","code":-32603,"data":{"httpStatus":500}}}' }),
      );
      await dialog.getByRole('button', { name: 'Add account' }).click();
      await expect(toasts(page).filter({ hasText: 'The account was not added' })).toBeVisible();
      // Measured once the toast has slid in and the dialog has stopped moving.
      await expect(toasts(page).and(page.locator('[data-mounted="true"]')).first()).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              [...document.querySelectorAll('[data-sonner-toast], [role=dialog]')]
                .flatMap((el) => el.getAnimations({ subtree: true }))
                .filter((a) => a.playState === 'running').length,
          ),
        )
        .toBe(0);
      const boxes = await toasts(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      // The part of each button the dialog shows (the rest scrolls inside the dialog) is clear of every toast.
      const d = (await dialog.boundingBox())!;
      for (const button of await dialog.getByRole('button').all()) {
        const raw = (await button.boundingBox())!;
        const top = Math.max(raw.y, d.y);
        const b = { x: raw.x, width: raw.width, y: top, height: Math.min(raw.y + raw.height, d.y + d.height) - top };
        if (b.height <= 0) continue;
        for (const t of boxes) {
          const overlaps = b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
          expect(overlaps, `${await button.innerText()} is covered by a toast at ${width} px`).toBeFalsy();
        }
      }
      await context.close();
    });
  }

  test('with no mail server: the dashboard says so and links to the setup help; an invitation, the newsletter and a forgotten password say the message waits', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin');
    const banner = page.getByRole('status').filter({ hasText: 'E-mail is not set up.' });
    await banner.getByRole('link', { name: 'How to set up e-mail' }).click();
    await page.waitForURL('**/admin/outbox#mail-setup');
    await expect(page.getByRole('heading', { name: 'Set up e-mail', level: 2 })).toBeVisible();
    expect(await axeViolations(page)).toStrictEqual([]);

    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('queued-invite');
    await dialog.getByLabel(/^First name/).fill('Queued');
    await dialog.getByLabel(/^Last name/).fill('Invite');
    await dialog.getByLabel(/^E-mail/).fill('queued.invite@example.org');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(toasts(page).filter({ hasText: 'Invitation to queued.invite@example.org queued' }).filter({ hasText: 'waits in the Outbox' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Invitation sent' })).toHaveCount(0);
    await context.close();

    const visitor = await site.newPage({ width: 390, height: 844 });
    await visitor.page.goto('/');
    await visitor.page.getByLabel('Your email address').fill('later.reader@example.org');
    await visitor.page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(visitor.page).filter({ hasText: 'Subscription saved' }).filter({ hasText: 'cannot send e-mail yet' })).toBeVisible();
    await expect(toasts(visitor.page).filter({ hasText: newsletterMessages.subscribed.title })).toHaveCount(0);
    await visitor.page.goto('/member/forgot-password');
    await visitor.page.getByLabel('Membership number or e-mail address').fill(demoMembers(site).numbers[0]!);
    await visitor.page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(visitor.page.getByRole('status').getByText('Your request is saved.')).toBeVisible();
    await expect(visitor.page.getByText('Check your e-mail.')).toHaveCount(0);
    await visitor.context.close();
  });
});

test.describe('issue 46 #6: tap targets', () => {
  test('every control on the public pages is at least 24 × 24 px on a phone; the crisis links 44 px high', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const news = (await (await page.request.get('/api/news')).json()) as { id: number }[];
    const problems: string[] = [];
    for (const route of ['/', '/events', '/resources', '/news', `/news/${news[0]!.id}`, '/community', '/commander-message', '/login', '/QRG']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      for (const p of await smallTargets(page)) problems.push(`${route}: ${p}`);
    }
    expect(problems).toStrictEqual([]);
    const bar = page.getByRole('complementary', { name: 'Veterans Crisis Line' });
    for (const link of await bar.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box?.height, `${await link.innerText()}: height`).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });

  test('on a touch screen the small buttons are 44 px high: Volunteer on /events, Edit and Delete in the admin tables', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
    const heights = async (buttons: ReturnType<Page['getByRole']>, what: string) => {
      await expect(buttons.first()).toBeVisible();
      const all = await buttons.all();
      expect(all.length, `no ${what} on the page`).toBeGreaterThan(0);
      for (const b of all.slice(0, 4)) {
        const box = await b.boundingBox();
        expect(box?.height, `${what} "${(await b.getAttribute('aria-label')) ?? (await b.innerText())}": height`).toBeGreaterThanOrEqual(44);
      }
    };
    await page.goto('/events');
    await heights(page.getByRole('main').getByRole('button', { name: /^Volunteer/ }), 'Volunteer buttons');
    await apiSignInAdmin(context);
    await page.goto('/admin?tab=news');
    await heights(page.getByRole('link', { name: /^Edit / }), 'Edit links');
    await heights(page.getByRole('button', { name: /^Delete / }), 'Delete buttons');
    await context.close();
  });

  test('on a phone /resources shows the Crisis card first', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/resources');
    const headings = await page.locator('main h2').allInnerTexts();
    expect(headings[0]).toBe('Crisis Support');
    const crisis = await page.getByRole('heading', { name: 'Crisis Support' }).boundingBox();
    const health = await page.getByRole('heading', { name: 'Healthcare' }).boundingBox();
    expect(crisis!.y, 'Crisis Support above Healthcare').toBeLessThan(health!.y);
    await context.close();
  });
});

test.describe('issue 46 #8: navigation', () => {
  test('News and Community are in the header, the phone menu and the Quick Links; unset social icons are hidden; the News list uses a wide screen', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/');
    for (const nav of [page.getByRole('navigation', { name: 'Main' }), page.getByRole('navigation', { name: 'Quick Links' })]) {
      await expect(nav.getByRole('link', { name: 'News', exact: true })).toHaveAttribute('href', '/news');
      await expect(nav.getByRole('link', { name: 'Community', exact: true })).toHaveAttribute('href', '/community');
    }
    // The demo post has no social addresses: no icon that leads nowhere.
    await expect(page.locator('footer').getByRole('img', { name: /not set up/ })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    await page.goto('/news');
    const list = page.getByRole('main').getByRole('list').first();
    await expect(list.getByRole('article').first()).toBeVisible();
    const width = (await list.boundingBox())!.width;
    expect(width, `the list is ${width} px wide`).toBeGreaterThan(1000);
    await context.close();

    const phone = await site.newPage({ width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'News', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Community', exact: true })).toBeVisible();
    await phone.context.close();
  });
});

test.describe('issue 46 #9: polish', () => {
  test('member portal headings step down one level at a time', async ({ asMember: { page } }) => {
    await openPortal(page, 1280);
    for (const tab of ['Communications', 'Resources']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
      expect(await violations(axe(page).withRules(['heading-order'])), tab).toStrictEqual([]);
    }
  });

  test('the member directory keeps e-mail addresses whole at 1280 px and shows its whole search placeholder', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    const cells = page.getByRole('table', { name: 'Member Directory' }).locator('tbody tr td:nth-child(3)');
    await expect(cells.first()).toBeVisible();
    const midWord = await cells.evaluateAll((tds) =>
      tds.flatMap((td) => {
        // Where each line starts: a break is allowed only before the "@".
        const text = td.textContent ?? '';
        const starts: string[] = [];
        let top = -1;
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const t = range.getBoundingClientRect().top;
            if (top >= 0 && t > top + 2) starts.push((node.textContent ?? '').slice(i));
            top = Math.max(top, t);
          }
        }
        return starts.filter((s) => !s.startsWith('@')).map((s) => `${text}: a line starts at "${s}"`);
      }),
    );
    expect(midWord).toStrictEqual([]);
    const search = page.getByLabel('Search members');
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(input.placeholder).width, room };
    });
    expect(fits.text, `placeholder ${fits.text} px in ${fits.room} px`).toBeLessThanOrEqual(fits.room);
    await context.close();
  });

  test("the event popup's title lines up with its body on a phone", async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const events = (await (await page.request.get('/api/events')).json()) as { id: number }[];
    await page.goto(`/events?id=${events[0]!.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('dl')).toBeVisible();
    const lefts = await dialog.evaluate((d) => {
      const title = d.querySelector('h2')!;
      const range = document.createRange();
      range.selectNodeContents(title);
      return { title: range.getBoundingClientRect().left, body: d.querySelector('dl')!.getBoundingClientRect().left };
    });
    expect(Math.abs(lefts.title - lefts.body), JSON.stringify(lefts)).toBeLessThanOrEqual(2);
    await context.close();
  });

  test('the audit log says "Invited" and keeps IP addresses on one line', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const res = await page.request.post('/api/admin/users', {
      data: { username: 'audit-invitee', firstName: 'Ada', lastName: 'Invitee', email: 'ada.invitee@example.org', role: 'editor' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/admin/audit');
    const entries = page.getByRole('table', { name: 'Audit log entries' });
    await expect(entries.getByText('Invited', { exact: true }).first()).toBeVisible();
    const ip = entries.locator('.font-mono').first();
    expect(await ip.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
    await context.close();
  });

  test('the forced change-password page makes no request that answers 403', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    const res = await page.request.post('/api/admin/users', {
      data: {
        username: 'temp-officer',
        firstName: 'Tom',
        lastName: 'Temporary',
        email: 'tom.temp@example.org',
        role: 'editor',
        temporaryPassword: 'temporary-pass-1',
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await context.close();
    const officer = await site.newPage({ width: 1280, height: 900 });
    const forbidden: string[] = [];
    officer.page.on('response', (r) => {
      if (r.status() === 403) forbidden.push(r.url());
    });
    const login = await officer.page.request.post('/api/login', { data: { username: 'temp-officer', password: 'temporary-pass-1' } });
    expect(login.status(), await login.text()).toBe(200);
    await officer.page.goto('/admin');
    await expect(officer.page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
    await officer.page.waitForLoadState('networkidle');
    expect(forbidden).toStrictEqual([]);
    await officer.context.close();
  });
});

test.describe('issue 46 #7: content editors get what they expect', () => {
  test('a news body keeps bold and links: the Link button takes only a safe address; the page links it and any bare web address', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    await page.goto('/admin/news/new');
    await page.getByLabel(/^Title/).fill('Links in the news');
    // The editor shows formatting (issue 63): the text is typed, then "the VA page" selected.
    const body = page.getByRole('textbox', { name: /^Content/ });
    await body.click();
    await page.keyboard.type('Read the VA page for details.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Or see https://www.benefits.va.gov/ today.');
    await body.evaluate((el) => {
      const text = el.querySelector('p')!.firstChild!;
      getSelection()!.setBaseAndExtent(text, 5, text, 16);
    });
    await page.getByRole('button', { name: 'Bold' }).click();
    await body.evaluate((el) => {
      const strong = el.querySelector('p strong')!.firstChild!;
      getSelection()!.setBaseAndExtent(strong, 0, strong, 11);
    });
    await page.getByRole('button', { name: 'Link' }).click();
    const ask = page.getByRole('dialog', { name: 'Add a link' });
    await ask.getByLabel('Link address').fill('javascript:alert(1)');
    await ask.getByRole('button', { name: 'Add link' }).click();
    await expect(ask.getByText('Enter a web address starting with https://', { exact: false })).toBeVisible();
    await ask.getByLabel('Link address').fill('https://www.va.gov/');
    await ask.getByRole('button', { name: 'Add link' }).click();
    await expect(ask).toBeHidden();
    await expect(body.getByRole('link', { name: 'the VA page' })).toBeVisible();
    await page.getByRole('button', { name: 'Create News Item' }).click();
    await page.waitForURL(/\/admin(\?.*)?$/);
    const list = (await (await page.request.get('/api/news')).json()) as { id: number; title: string }[];
    const item = list.find((n) => n.title === 'Links in the news')!;
    expect(((await (await page.request.get(`/api/news/${item.id}`)).json()) as { content: string }).content).toBe(
      'Read <a href="https://www.va.gov/"><strong>the VA page</strong></a> for details.\n\nOr see https://www.benefits.va.gov/ today.',
    );
    await page.goto(`/news/${item.id}`);
    const va = page.getByRole('link', { name: 'the VA page' });
    await expect(va).toHaveAttribute('href', 'https://www.va.gov/');
    await expect(va.locator('strong')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'https://www.benefits.va.gov/' })).toHaveAttribute('href', 'https://www.benefits.va.gov/');
    await expect(page.getByText('<a href', { exact: false }), 'no tag shows as text').toHaveCount(0);
    expect(await axeViolations(page)).toStrictEqual([]);
    await context.close();
  });

  test('the edit event page has Duplicate and Delete in its header; Delete asks, then returns to the dashboard', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const id = await createCommunityEvent(context, 'Header Actions Supper', 'A supper to delete from its own page.', dayThisMonth(3), ZONE);
    await page.goto(`/admin/events/${id}`);
    // In the header, beside the title: before the form's first field.
    const actions = page.locator('[data-slot=page-actions]');
    await expect(actions.getByRole('link', { name: 'Duplicate Header Actions Supper' })).toBeVisible();
    await actions.getByRole('button', { name: 'Delete Header Actions Supper' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin(\?.*)?$/);
    expect((await page.request.get(`/api/events/${id}`)).status()).toBe(404);
    await context.close();
  });

  // Last in the file: it deletes the demo's active highlight.
  test('deleting the engagement the home page shows warns of it and can make another active in the same step', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const all = (await (await page.request.get('/api/community-engagements')).json()) as { id: number; title: string; active: boolean }[];
    const active = all.find((e) => e.active)!;
    const other = all.find((e) => !e.active)!;
    await page.goto('/admin?tab=engagements');
    await page.getByRole('button', { name: `Delete ${other.title}` }).click();
    const plain = page.getByRole('alertdialog');
    await expect(plain.getByText('shown on the home page'), 'an inactive one deletes with the plain question').toHaveCount(0);
    await plain.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete ${active.title}` }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask.getByText(`“${active.title}” is the one shown on the home page.`, { exact: false })).toBeVisible();
    await ask.getByLabel('Show another on the home page').selectOption({ label: other.title });
    expect(await axeViolations(page)).toStrictEqual([]);
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: commonMessages.deleted })).toBeVisible();
    const now = (await (await page.request.get('/api/community-engagements/active')).json()) as { id: number };
    expect(now.id, 'the chosen one is active').toBe(other.id);
    await page.goto('/');
    await expect(page.getByText(other.title).first()).toBeVisible();
    await context.close();
  });
});
