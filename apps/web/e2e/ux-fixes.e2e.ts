import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { accountMessages } from '@post/contracts/messages/account';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { startSite, type TestSite } from './harness.ts';
import { demoMembers, E2E_ADMIN } from './setup.ts';
import { signInAdmin, toast } from './admin-helpers.ts';

// Issue 23: where visitors, members and the adjutant got stuck. One test per item or group of
// items; each fails without its fix.

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** Whether the page scrolls sideways (wider content than the screen). */
/** Null when the page fits its width; else the page's width and the elements that reach past it. */
async function overflowsSideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return null;
    const past = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1);
    const named = past.map((e) => `<${e.tagName.toLowerCase()}> ${(e.textContent ?? '').trim().slice(0, 40)}`);
    return `${document.documentElement.scrollWidth} px wide: ${named.slice(0, 5).join('; ')}`;
  });
}

function monthHeading(): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'America/New_York' }).format(new Date());
}

test.describe('issue 23: public pages', () => {
  test('#16 unknown news, events and admin paths answer 404 with their pages; known ones 200', async () => {
    const { page, context } = await site.newPage();
    const news = (await (await page.request.get('/api/news')).json()) as { id: number }[];
    const events = (await (await page.request.get('/api/events')).json()) as { id: number }[];
    const status = async (path: string) => (await page.request.get(path, { headers: { accept: 'text/html' } })).status();
    expect(await status('/news/9999')).toBe(404);
    expect(await status('/news/abc')).toBe(404);
    expect(await status(`/news/${news[0]!.id}`)).toBe(200);
    expect(await status('/events?id=99999')).toBe(404);
    expect(await status('/events?id=not-a-holiday')).toBe(404);
    expect(await status(`/events?id=${events[0]!.id}`)).toBe(200);
    expect(await status('/events')).toBe(200);
    expect(await status('/admin/no-such-page')).toBe(404);
    expect(await status('/admin')).toBe(200);
    expect(await status('/admin/user-management')).toBe(200);
    // The not-found page still shows.
    const res = await page.goto('/news/9999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await context.close();
  });

  test('#17 /QRG is rendered in Spanish for a Spanish browser, and caches keep the languages apart', async () => {
    const { page, context } = await site.newPage();
    const es = await page.request.get('/QRG', { headers: { accept: 'text/html', 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(es.status()).toBe(200);
    expect(es.headers().vary ?? '').toMatch(/accept-language/i);
    expect(await es.text(), 'Spanish in the server-rendered page').toContain('Generador de códigos QR');
    const en = await page.request.get('/QRG', { headers: { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' } });
    const enText = await en.text();
    expect(enText, 'English after Spanish: not served from a shared cache').toContain('QR Code Generator');
    expect(enText, 'English after Spanish: not served from a shared cache').not.toContain('Generador de códigos QR');
    await context.close();
    // A Spanish browser sees Spanish from the first paint, with no English flash after hydration.
    const spanish = await site.newPage({ locale: 'es-ES' });
    const errors: string[] = [];
    spanish.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await spanish.page.goto('/QRG');
    await expect(spanish.page.getByRole('heading', { name: 'Generador de códigos QR', level: 1 })).toBeVisible();
    expect(errors).toStrictEqual([]);
    await spanish.context.close();
  });

  test('#2 #4 #12 #18 footer social icons, Member Login to the Member Portal tab, login help links, RSS link', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    // None set up: no icons at all (issue 46 #8).
    await expect(page.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    const footerLogin = page.locator('footer').getByRole('link', { name: 'Member Login' });
    await expect(footerLogin).toHaveAttribute('href', '/login?tab=member');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Member Login' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect(page.getByRole('tab', { name: 'Member Portal' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Membership Number')).toBeVisible();
    const help = page.getByText(/Contact Post Leadership/);
    await expect(help.getByRole('link', { name: '(555) 010-0100' })).toHaveAttribute('href', 'tel:5550100100');
    await expect(help.getByRole('link', { name: 'info@example.org' })).toHaveAttribute('href', 'mailto:info@example.org');

    // Addresses set under Settings become links with accessible names.
    await signInAdmin(page);
    const settings = await (await page.request.get('/api/site-settings')).json();
    const put = await page.request.put('/api/admin/site-settings', {
      data: {
        ...settings,
        socialLinks: [
          { label: 'Facebook', url: 'https://facebook.com/hometownpost' },
          { label: 'YouTube', url: 'https://youtube.com/@hometownpost' },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/');
    const fb = page.getByRole('link', { name: 'Hometown Veterans Post on Facebook' });
    await expect(fb).toHaveAttribute('href', 'https://facebook.com/hometownpost');
    await expect(page.getByRole('link', { name: 'Hometown Veterans Post on YouTube' })).toHaveAttribute('href', 'https://youtube.com/@hometownpost');
    expect(
      await page
        .getByRole('list', { name: 'Social media' })
        .getByRole('link')
        .evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label'))),
    ).toStrictEqual(['Hometown Veterans Post on Facebook', 'Hometown Veterans Post on YouTube']);
    await page.request.put('/api/admin/site-settings', { data: settings });
    await context.close();
  });

  test('#11 the post name wraps on a 320 px phone instead of being cut off', async () => {
    const { page, context } = await site.newPage({ width: 320, height: 700 });
    await page.goto('/');
    const name = page.locator('header').getByText('Hometown Veterans Post', { exact: true });
    const box = await name.evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth + 1,
      ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    expect(box.cut).toBe(false);
    expect(box.ellipsis).toBe(false);
    expect(box.lines).toBe(2);
    expect(await overflowsSideways(page)).toBe(null);
    await context.close();
  });

  test('#1 phones open on the month grid with dots; a tap lists the day; the month list is below', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/events');
    const grid = page.getByRole('table', { name: monthHeading() });
    await expect(grid).toBeVisible();
    expect(await overflowsSideways(page)).toBe(null);
    // Six week rows, whole.
    const box = await grid.boundingBox();
    expect(box?.width, 'the grid fits 390 px').toBeLessThanOrEqual(390);
    const dots = page.locator('.post-cal-dot');
    await expect(dots.first(), 'events show as dots').toBeAttached();
    // Tap a day with an event: its events are listed under the grid, and each opens the popup.
    await dots.first().click();
    const day = page.getByRole('list', { name: /^Events on / });
    await expect(day).toBeVisible();
    const first = day.getByRole('button').first();
    const title = await first.innerText();
    await first.click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');
    // The accessible list of the month stays below the grid, open.
    await expect(page.getByRole('list', { name: `Events of ${monthHeading()}` })).toBeVisible();
    await context.close();
  });

  test('#14 calendar chips show the whole title and "6:30 PM"', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    await expect(page.getByRole('table', { name: monthHeading() })).toBeVisible();
    const inner = page.locator('.post-cal-event-inner');
    await expect(inner.first()).toBeVisible();
    const chips = await inner.evaluateAll((els) =>
      els.map((el) => ({ text: (el as HTMLElement).innerText, cut: [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1) })),
    );
    expect(chips.length).toBeGreaterThan(0);
    for (const c of chips) expect(c.cut, `cut: ${c.text}`).toBe(false);
    const timed = chips.map((c) => c.text).filter((t) => /\d:\d\d/.test(t));
    expect(timed.length).toBeGreaterThan(0);
    for (const t of timed) expect(t, t).toMatch(/\d{1,2}:\d{2}\s(AM|PM)/);
    for (const t of timed) expect(t, t).not.toMatch(/\d(am|pm|a|p)\b/);
    await context.close();
  });

  test('#13 toasts cover neither the header nor the crisis bar; at the bottom on phones', async () => {
    for (const width of [390, 1280]) {
      const { page, context } = await site.newPage({ width, height: 844 });
      await page.goto('/login?tab=member');
      await page.getByLabel('Membership Number').fill('NOPE-1');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const t = page
        .getByRole('region', { name: /Notifications/ })
        .getByText(signInMessages.memberLoginFailed.title, { exact: true })
        .first();
      await expect(t).toBeVisible();
      // Measured once the toast has stopped sliding in.
      const shown = page.locator('[data-sonner-toast][data-mounted="true"]').first();
      await expect.poll(() => shown.evaluate((el) => el.getAnimations().length)).toBe(0);
      const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
      const header = (await page.locator('[data-slot=site-header]').boundingBox())!;
      expect(toastBox.y, `${width}: toast below the header`).toBeGreaterThan(header.y + header.height);
      if (width === 390) expect(toastBox.y + toastBox.height, `${width}: toast at the bottom (${toastBox.y})`).toBeGreaterThan(844 - 120);
      await context.close();
    }
  });
});

test.describe('issue 23: members', () => {
  test('#3 #10 a member changes their password in the portal; sign-out says Signed out, the Hi button says what it does', async () => {
    const { password, numbers } = demoMembers(site);
    const number = numbers[1]!;
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/login?tab=member');
    await page.getByLabel('Membership Number').fill(number);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Member Portal', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(password);
    await dialog.getByLabel(/^New Password/).fill('short12');
    await dialog.getByLabel('Confirm New Password').fill('short12');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText(accountMessages.passwordMin)).toBeVisible();
    await dialog.getByLabel(/^New Password/).fill('a-new-portal-pass');
    await dialog.getByLabel('Confirm New Password').fill('a-new-portal-pass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, accountMessages.passwordUpdated);
    await expect(dialog).toBeHidden();
    const ok = await page.request.post('/api/member/login', { data: { membershipNumber: number, password: 'a-new-portal-pass' } });
    expect(ok.status()).toBe(200);
    // Sign out from the portal: "Signed out".
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, signInMessages.signedOut);
    // The header's Hi button (the widest screens: with a member's links the row is long) shows its icon and tooltip.
    const wide = await site.newPage({ width: 1536 });
    const res = await wide.page.request.post('/api/member/login', { data: { membershipNumber: number, password: 'a-new-portal-pass' } });
    expect(res.status()).toBe(200);
    await wide.page.goto('/');
    const hi = wide.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Hi / });
    await expect(hi).toBeVisible();
    await expect(hi).toHaveAttribute('title', 'Sign out of the member portal');
    await expect(hi.locator('svg')).toHaveCount(1);
    await hi.click();
    await toast(wide.page, signInMessages.signedOut);
    await wide.context.close();
    await context.close();
  });
});

test.describe('issue 23: administration', () => {
  test('#10 "Login successful" shows after the page load that signing in makes', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await toast(page, signInMessages.adminLoginSuccess.title);
    // The marker is gone: a reload does not say it again.
    await expect(page).toHaveURL((url) => !url.search.includes('signedIn'));
    await context.close();
  });

  test('#5 #7 Can sign in with the reason, Generate/Show, named deletes, labelled buttons on wide screens', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    const table = page.getByRole('table', { name: 'Member Directory' });
    await expect(table).toBeVisible();
    const nancy = table.getByRole('row').filter({ hasText: 'Nancy Chen' });
    await expect(nancy).toHaveText(/Enabled\s*Cannot sign in: member is inactive/, { useInnerText: true });
    const brian = table.getByRole('row').filter({ hasText: 'Brian Murphy' });
    await expect(brian).toHaveText(/Cannot sign in: online access is off/);
    const thomas = table.getByRole('row').filter({ hasText: 'Thomas Reed' });
    await expect(thomas).toHaveText(/Can sign in/);
    // Visible words on the buttons at 1280 px.
    await expect(thomas.getByRole('button', { name: 'Edit Thomas Reed' })).toHaveText('Edit', { useInnerText: true });
    await expect(thomas.getByRole('button', { name: 'Delete Thomas Reed' })).toHaveText('Delete', { useInnerText: true });
    // The delete confirmation names the member.
    await thomas.getByRole('button', { name: 'Delete Thomas Reed' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Thomas Reed (M-1001)?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Generate and Show in the member dialog.
    await thomas.getByRole('button', { name: 'Edit Thomas Reed' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Member: Thomas Reed/ });
    const pw = dialog.getByLabel('Portal Password');
    await expect(pw).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(pw).toHaveAttribute('type', 'text');
    await expect(pw).toHaveValue(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(pw).toHaveAttribute('type', 'password');
    // Cancel with a change asks first; keeping on editing keeps what was typed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeVisible();
    await expect(pw).toHaveValue(/^[a-z2-9]{4}-/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('#8 re-importing the export previews updates, applies on confirmation', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    const csv = await (await page.request.get('/api/admin/members.csv')).text();
    const total = csv.trim().split(/\r?\n/).length - 1;
    const edited = csv.replace('thomas.reed@example.com', 'thomas.reed@example.net');
    await page.goto('/admin/user-management');
    await expect(page.getByRole('table', { name: 'Member Directory' })).toBeVisible();
    await page.getByText('About the CSV format').click();
    await expect(page.locator('#import-help')).toHaveText(/membershipNumber, firstName, lastName, email/);
    await page.locator('#member-import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
    const dialog = page.getByRole('dialog', { name: 'Import preview' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('definition')).toHaveText(['0', '1', String(total - 1), '0']);
    const before = (await (await page.request.get('/api/members?search=thomas.reed')).json()) as { email: string }[];
    expect(JSON.stringify(before), 'nothing changed by the preview').toContain('thomas.reed@example.com');
    await dialog.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByRole('dialog', { name: 'Import report' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Member Directory' }).getByText('thomas.reed@example.net')).toBeVisible();
    await context.close();
  });

  test('#9 a news item dated next week is Scheduled in the dashboard and absent from the public list', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    const when = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await page.request.post('/api/news', { data: { title: 'Scheduled E2E Item', content: 'Next week.', publishDate: when, featured: false } });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/admin?tab=news');
    const row = page.getByRole('row').filter({ hasText: 'Scheduled E2E Item' });
    await expect(row).toBeVisible();
    await expect(row).toHaveText(/Scheduled/);
    const visitor = await site.newPage();
    await visitor.page.goto('/news');
    await expect(visitor.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(visitor.page.getByText('Scheduled E2E Item')).toHaveCount(0);
    await visitor.context.close();
    await context.close();
  });

  test('#6 a new resource with a bad file is not created; with a good one it is, in one step; no overflow at 390 px', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    await page.goto('/admin/member-resources');
    await expect(page.getByRole('heading', { name: 'Member Resources', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await overflowsSideways(page), '/admin/member-resources fits 390 px').toBe(null);
    const before = ((await (await page.request.get('/api/admin/member-resources')).json()) as unknown[]).length;
    await page.getByRole('link', { name: 'New Resource' }).click();
    await page.getByLabel('Title').fill('E2E One Step');
    await page.getByLabel('Description').fill('Uploaded with the resource.');
    await page.getByLabel('Upload a file').check();
    await page.getByLabel(/^File/).setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await toast(page, memberResourceMessages.createFailed);
    expect((await (await page.request.get('/api/admin/member-resources')).json()) as unknown[], 'nothing created').toHaveLength(before);
    await expect(page.getByLabel('Title'), 'the form keeps what was typed').toHaveValue('E2E One Step');
    await page.getByLabel(/^File/).setInputFiles({ name: 'real.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await toast(page, memberResourceMessages.created);
    const card = page.getByRole('article', { name: 'E2E One Step' });
    await expect(card).toBeVisible();
    await expect(card).toHaveText(/real\.pdf/);
    expect((await (await page.request.get('/api/admin/member-resources')).json()) as unknown[]).toHaveLength(before + 1);
    await context.close();
  });

  test('#18 the event form lists volunteers without sideways scrolling on a phone; the phone menu keeps Tab inside', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const events = (await (await page.request.get('/api/events')).json()) as { id: number }[];
    let withVolunteers: number | undefined;
    for (const e of events) {
      const v = (await (await page.request.get(`/api/volunteers?eventId=${e.id}`)).json()) as unknown[];
      if (v.length > 0) {
        withVolunteers = e.id;
        break;
      }
    }
    expect(withVolunteers, 'an event with volunteers').toBeTruthy();
    await page.goto(`/admin/events/${withVolunteers}`);
    await expect(page.getByRole('heading', { name: /Registered Volunteers/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Registered volunteers' })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(null);

    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inMenu = await page.evaluate(() => document.activeElement?.closest('dialog[data-slot=mobile-menu]') !== null);
      expect(inMenu, `Tab ${i + 1} left the menu`).toBeTruthy();
    }
    // Logging out from the menu closes it: its toast is not left behind the open menu.
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(menu).toBeHidden();
    await toast(page, signInMessages.loggedOut);
    await context.close();
  });

  test('#18 signing up from the event popup logs no aria-hidden warning', async () => {
    const { page, context } = await site.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => /aria-hidden/i.test(m.text()) && warnings.push(m.text()));
    const events = (await (await page.request.get('/api/events/upcoming')).json()) as { id: number; volunteerPositions: number }[];
    const open = events.find((e) => e.volunteerPositions > 0);
    if (!open) throw new Error('the demo has an upcoming event with volunteer positions');
    await page.goto(`/events?id=${open.id}`);
    const popup = page.getByRole('dialog').first();
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Volunteer' }).click();
    await expect(page.getByRole('form', { name: 'Volunteer Sign Up' }).getByLabel(/^Name/)).toBeVisible();
    // The popup has closed and the sign-up alone is open: a warning would have been logged by now.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(warnings).toStrictEqual([]);
    await context.close();
  });
});
