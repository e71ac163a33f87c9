import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { renewalCalendar, type MembershipSettings } from '@post/contracts/membership-defaults';
import { windowOpen } from '@post/contracts/rules/dues';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { demoMembers, startSite, type TestSite } from './harness.ts';
import { collectErrors, signInAdmin, toast } from './admin-helpers.ts';

// The membership year and Post Everlasting (issue 45, decision 0065), on the demo content: an
// administrator sets a member's paid-through year and records a payment in the member dialog; the
// member sees the renewal banner, then nothing; the public honor roll lists the departed by year,
// prints without the site around it, takes a newly departed member, and goes away when switched off.

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

async function settings(page: Page): Promise<{ timeZone: string; membership: MembershipSettings }> {
  return (await page.request.get('/api/site-settings')).json();
}

/** Opens a member's dialog from the directory, searched by membership number. */
async function openMember(page: Page, number: string, name: string) {
  await page.goto(`/admin/user-management?q=${number}`);
  await page.getByRole('heading', { name: 'Member Directory' }).waitFor();
  await page
    .getByRole('button', { name: `Edit ${name}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit Member: ${name}` });
  await dialog.waitFor();
  return dialog;
}

test.describe('membership year', () => {
  test('paid-through in the directory and dialog, a recorded payment, and the portal banner with the renewal link', async () => {
    const admin = (await site.newPage({ width: 1280 })).page;
    const noErrors = collectErrors(admin);
    await signInAdmin(admin);
    const s = await settings(admin);
    const today = utcToZoned(new Date(), s.timeZone).date;
    const year = Number(today.slice(0, 4));
    // The year that leaves a member due today: this year once the window for next is open, else last year (in grace).
    const dueYear = windowOpen(today, renewalCalendar(s.membership)) ? year : year - 1;

    // The directory filters by the derived status and says "Paid through".
    await admin.goto('/admin/user-management?dues=dropped');
    const directory = admin.getByRole('table', { name: 'Member Directory' });
    await directory.waitFor();
    await directory.getByText('Dropped', { exact: true }).first().waitFor();
    assert.equal(await directory.getByText(/renewal for \d+ open/).count(), 0);

    // Susan Miller can sign in to the portal; she is current in the demo.
    const { password } = demoMembers(site);
    let dialog = await openMember(admin, 'M-1006', 'Susan Miller');
    await dialog.getByLabel('Paid Through').fill(String(dueYear));
    await dialog.getByRole('button', { name: 'Update Member' }).click();
    // Lower than her recorded payment: said first, saved on the second tap (decision 0086).
    await dialog.getByText('Save again to lower it anyway.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Update Member' }).click();
    await toast(admin, 'Member updated');
    await admin.goto('/admin/user-management?q=M-1006');
    await directory.getByText(new RegExp(`aid (for|through) ${dueYear}`)).waitFor();
    await directory.getByText(dueYear === year ? `Paid for ${dueYear}, renewal for ${dueYear + 1} open` : 'Delinquent', { exact: true }).waitFor();

    // The member sees the banner with the renewal link from Settings.
    const member = (await site.newPage({ width: 390 })).page;
    await member.goto('/login?tab=member');
    await member.waitForLoadState('networkidle');
    await member.getByLabel('Membership Number').fill('M-1006');
    await member.getByLabel('Password').fill(password);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await member.waitForURL('**/member');
    const banner = member.getByRole('heading', {
      name: new RegExp(`^(Paid for ${dueYear}, renewal for ${dueYear + 1} open|Delinquent: paid through ${dueYear})$`),
    });
    await banner.waitFor();
    const renew = member.getByRole('link', { name: new RegExp(`^Renew for ${dueYear + 1}`) });
    assert.equal(await renew.getAttribute('href'), s.membership.renewalUrl);

    // A payment recorded in the member dialog makes her current: the banner goes.
    dialog = await openMember(admin, 'M-1006', 'Susan Miller');
    const payment = dialog.getByRole('form', { name: 'Record a payment' });
    assert.equal(await payment.getByLabel('Year Paid For').inputValue(), String(dueYear + 1));
    await payment.getByLabel('Amount ($)').fill('45.00');
    await payment.getByLabel('Method').selectOption('cash');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await toast(admin, 'Payment recorded');
    await dialog
      .getByRole('list', { name: 'Recorded payments' })
      .getByRole('listitem')
      .filter({ hasText: `${dueYear + 1}: $45.00, cash, paid ${today}` })
      .first()
      .waitFor();
    assert.equal(await dialog.getByLabel('Paid Through').inputValue(), String(dueYear + 1));
    // Saving the member afterwards keeps the year the payment set.
    await dialog.getByLabel('City').fill('Hometown Village');
    await dialog.getByRole('button', { name: 'Update Member' }).click();
    await toast(admin, 'Member updated');
    await member.reload();
    await member.getByRole('heading', { name: 'Member Portal', level: 1 }).waitFor();
    await member.getByRole('tab', { name: 'Communications' }).waitFor();
    assert.equal(await member.getByText(/Renew for|renewal for/).count(), 0);
    noErrors();
  });
});

test.describe('Post Everlasting', () => {
  test('lists the departed by year from the footer, shows the obituary, prints cleanly, takes a newly departed member, and can be turned off', async () => {
    const visitor = (await site.newPage({ width: 1280 })).page;
    await visitor.goto('/');
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Honor Roll' }).click();
    await visitor.getByRole('heading', { name: 'Post Everlasting', level: 1 }).waitFor();
    for (const name of ['Edward Kowalski', 'Dorothy Mills', 'Robert Hayes']) await visitor.getByRole('link', { name }).waitFor();
    const years = await visitor.getByRole('heading', { level: 2 }).allTextContents();
    assert.ok(years.filter((y) => /^\d{4}$/.test(y)).length >= 2, `grouped by year: ${years.join(', ')}`);
    assert.ok(!(await visitor.content()).includes('M-10'), 'no membership numbers on the page');

    // Printed for the ceremony: the names without the site around them.
    await visitor.emulateMedia({ media: 'print' });
    assert.equal(await visitor.locator('[data-slot="site-header"]').isVisible(), false);
    assert.equal(await visitor.locator('[data-slot="site-footer"]').isVisible(), false);
    assert.equal(await visitor.getByRole('button', { name: 'Print the honor roll' }).isVisible(), false);
    assert.ok(await visitor.getByRole('link', { name: 'Edward Kowalski' }).isVisible());
    await visitor.emulateMedia({ media: 'screen' });

    await visitor.getByRole('link', { name: 'Edward Kowalski' }).click();
    await visitor.getByRole('heading', { name: 'Edward Kowalski', level: 1 }).waitFor();
    await visitor.getByText(/hardware store on Main Street/).waitFor();
    assert.ok(await visitor.getByText(/Korean War/).isVisible());

    // An administrator marks a member deceased in the member dialog.
    const admin = (await site.newPage({ width: 1280 })).page;
    const noErrors = collectErrors(admin);
    await signInAdmin(admin);
    const dialog = await openMember(admin, 'M-1009', 'Angela Brooks');
    await dialog.getByLabel('Date of Death').fill('2026-03-05');
    await dialog.getByLabel('Era or War').fill('Cold War');
    await dialog.getByLabel('Obituary').fill('Angela kept the post’s books for twenty years.');
    await dialog.getByRole('button', { name: 'Update Member' }).click();
    await toast(admin, 'Member updated');
    await admin.goto('/admin/user-management?status=deceased');
    await admin.getByRole('table', { name: 'Member Directory' }).getByText('Angela Brooks').waitFor();
    await admin.goto('/admin/user-management?status=active');
    await admin.getByRole('table', { name: 'Member Directory' }).waitFor();
    assert.equal(await admin.getByRole('table', { name: 'Member Directory' }).getByText('Angela Brooks').count(), 0);
    // A draft until published with the family's consent (decision 0086).
    await visitor.goto('/honor-roll');
    await visitor.getByRole('link', { name: 'Edward Kowalski' }).waitFor();
    assert.equal(await visitor.getByRole('link', { name: 'Angela Brooks' }).count(), 0);
    await admin.goto('/admin/honor-roll');
    const entry = admin.getByRole('listitem', { name: 'Angela Brooks' });
    await entry.getByLabel('The family agrees to a public entry').check();
    await entry.getByRole('button', { name: 'Publish' }).click();
    await toast(admin, 'Published');

    await visitor.goto('/honor-roll');
    await visitor.getByRole('link', { name: 'Angela Brooks' }).waitFor();

    // Switched off in Settings: no footer link, and the page is a 404.
    await admin.goto('/admin/settings');
    await admin.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    await admin.getByRole('switch', { name: 'Show the honor roll' }).click();
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await toast(admin, 'Settings saved');
    const res = await visitor.goto('/honor-roll');
    assert.equal(res?.status(), 404);
    assert.equal(await visitor.getByRole('contentinfo').getByRole('link', { name: 'Honor Roll' }).count(), 0);
    noErrors();
  });
});

test.describe('renewals', () => {
  test('lists who is due and lapsed with phone and e-mail, keeps a contact note, exports CSV and prints as a call sheet', async () => {
    const { page } = await site.newPage({ width: 1280 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    await page.getByRole('link', { name: 'Renewals' }).click();
    await page.getByRole('heading', { name: 'Renewals', level: 1 }).waitFor();
    for (const heading of [/^Renewal open \(\d+\)$/, /^Suspended or dropped this year \(\d+\)$/, /^Former members \(last five years\) \(\d+\)$/]) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    // No Life Member and nobody departed is on the phone tree.
    for (const name of ['Thomas Reed', 'Edward Kowalski']) assert.equal(await page.getByRole('listitem', { name }).count(), 0, name);

    const due = page.getByRole('list', { name: 'Renewal open', exact: true });
    const row = due.getByRole('listitem').first();
    const name = (await row.getAttribute('aria-label'))!;
    assert.ok(await row.getByRole('link', { name: /@example\./ }).isVisible(), 'e-mail link');
    assert.ok(await row.getByText('Last payment').isVisible());
    await row.getByLabel('Contacted: note').fill('Left a message, will call back Friday');
    await row.getByRole('button', { name: 'Save note' }).click();
    await toast(page, 'Contact noted');
    await page
      .getByRole('listitem', { name })
      .getByText(/: Left a message, will call back Friday$/)
      .waitFor();

    const csv = await page.request.get('/api/admin/renewals.csv');
    assert.equal(csv.status(), 200);
    const text = await csv.text();
    assert.match(text, /^\uFEFF?Group,Last Name,First Name,Membership Number,Phone,Email/);
    assert.ok(text.includes('Left a message, will call back Friday'));

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('[data-slot="site-header"]').isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Save note' }).first().isVisible(), false);
    assert.ok(await page.getByRole('listitem', { name }).isVisible());
    await page.emulateMedia({ media: 'screen' });
    noErrors();
  });
});
