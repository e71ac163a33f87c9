import { expect, test } from './fixtures.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { startSite, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';
import { linkIn, mailEnv, mailTo, startMailSink, type SmtpSink } from './mail-sink.ts';
import { axeViolations, collectErrors, field, settled, signInAdmin, toast } from './admin-helpers.ts';

// Issue 21 in the browser: inviting an editor, the editor's limited dashboard, a temporary
// password, enrolling two-factor, signing in with a code and with a recovery code, sessions.
// OFFICERS_SHOTS=<dir> also saves screenshots of each new screen at 1280 and 390 px.
let site: TestSite;
let sink: SmtpSink;
test.beforeAll(async ({ browser }) => {
  sink = await startMailSink();
  site = await startSite({ browser, seed: false, env: mailEnv(sink) });
});
test.afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

const shotsDir = process.env.OFFICERS_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: path.join(shotsDir, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
}

function totp(secret: string, offsetSteps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * How the site writes the minutes from `since` until now in the post's time zone ("Thu, Nov 26,
 * 2026, 4:10 PM"): New York, the setting's default, while the test browser is in Los Angeles.
 * Spaces of every kind as one plain space (ICU puts a narrow one before "PM").
 */
function postTimesSince(since: number): string[] {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const times: string[] = [];
  for (let t = since - 60_000; t <= Date.now() + 60_000; t += 30_000) times.push(spaced(f.format(t)));
  return times;
}
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('officers', () => {
  // Later tests use the accounts earlier ones make (the invited editor): a retry runs the whole group again.
  test.describe.configure({ mode: 'serial' });
  test('invites an editor, who sets a password and sees only what an editor may do', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Administrators', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: 'This is you' }).getByText(E2E_ADMIN.username).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await dialog.getByLabel(/^Username/).fill('pr-officer');
    await dialog.getByLabel(/^First name/).fill('Pat');
    await dialog.getByLabel(/^Last name/).fill('Rivera');
    await dialog.getByLabel(/^E-mail/).fill('pat.rivera@example.org');
    await expect(dialog.getByLabel(/^Role/)).toHaveValue('editor');
    await expect(dialog.getByLabel(/^Send invitation/)).toBeChecked();
    await shot(page, 'administrators-add');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await toast(page, 'Invitation sent to pat.rivera@example.org');
    const row = page.getByRole('row').filter({ hasText: 'pr-officer' });
    await expect(row.getByText('Invitation sent')).toBeVisible();
    await shot(page, 'administrators');
    expect(await axeViolations(page)).toEqual([]);
    const link = linkIn((await mailTo(sink, 'pat.rivera@example.org', /^You're invited/)).text, '/admin/invitation');

    const editor = await site.newPage();
    const noEditorErrors = collectErrors(editor.page);
    await editor.page.goto(link);
    await expect(editor.page.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
    await expect(editor.page.getByText('pr-officer')).toBeVisible();
    await shot(editor.page, 'invitation');
    expect(await axeViolations(editor.page)).toEqual([]);
    await editor.page.getByLabel(/^New Password/).fill('pat-rivera-pass');
    await editor.page.getByLabel(/^Confirm New Password/).fill('pat-rivera-pass');
    await editor.page.getByRole('button', { name: 'Set Password' }).click();
    await expect(editor.page.getByText('Your password is set.')).toBeVisible();
    // The link works once.
    await editor.page.goto(link);
    await expect(editor.page.getByText(accountMessages.invitationInvalid)).toBeVisible();

    await signInWithForm(editor.page, 'pr-officer', 'pat-rivera-pass');
    await expect(editor.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(editor.page.getByRole('link', { name: 'Member Communications' })).toBeVisible();
    for (const hidden of ['User Management', 'Settings', 'Newsletter', 'Administrators']) {
      await expect(editor.page.getByRole('link', { name: hidden, exact: true }), hidden).toHaveCount(0);
    }
    await shot(editor.page, 'editor-dashboard');
    for (const url of ['/admin/settings', '/admin/administrators', '/admin/user-management', '/admin/newsletter']) {
      await editor.page.goto(url);
      await expect(editor.page.getByRole('heading', { name: "You don't have access to this page", level: 1 })).toBeVisible();
    }
    await shot(editor.page, 'no-access');
    expect(await axeViolations(editor.page)).toEqual([]);
    // The server refuses too.
    expect((await editor.page.request.get('/api/admin/users')).status()).toBe(403);

    // The administrator sees the editor signed in.
    await page.reload();
    await expect(row.getByText('Active')).toBeVisible();
    noErrors();
    noEditorErrors();
    await editor.context.close();
    await context.close();
  });

  test('adds an account with a temporary password that must be changed at the first sign-in', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('service-officer');
    await dialog.getByLabel(/^First name/).fill('Sam');
    await dialog.getByLabel(/^Last name/).fill('Ortiz');
    await dialog.getByLabel(/^E-mail/).fill('sam.ortiz@example.org');
    await dialog.getByLabel(/^Role/).selectOption('administrator');
    await dialog.getByLabel(/^Set a temporary password/).check();
    await dialog.getByLabel(/^Temporary password/).fill('temporary-pass-1');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await toast(page, 'Account service-officer added');

    const other = await site.newPage();
    const signedInAt = Date.now();
    await signInWithForm(other.page, 'service-officer', 'temporary-pass-1');
    await expect(other.page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
    await expect(other.page.getByText('You signed in with a temporary password.')).toBeVisible();
    await shot(other.page, 'must-change-password');
    await other.page.goto('/admin/settings');
    await expect(other.page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
    await field(other.page, 'Current Password').fill('temporary-pass-1');
    await field(other.page, 'New Password').fill('sam-own-password');
    await field(other.page, 'Confirm New Password').fill('sam-own-password');
    await other.page.getByRole('button', { name: 'Change Password' }).click();
    await expect(other.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(other.page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    // The list shows when the account last signed in, in the post's time zone.
    await page.reload();
    const row = spaced(await page.locator('tr', { hasText: 'service-officer' }).textContent());
    expect(
      postTimesSince(signedInAt).some((t) => row.includes(t)),
      row,
    ).toBeTruthy();
    await other.context.close();
    await context.close();
  });

  test('enrols two-factor, then signs in with a code and with a recovery code, and ends a session', async () => {
    const started = Date.now();
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Your Account' }).click();
    await expect(page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add this site to your authenticator app' })).toBeVisible();
    const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'account-enrol');
    await field(page, 'Code from your app').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list).toBeVisible();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(codes.length).toBe(10);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await shot(page, 'account-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

    // Sign in with the code from the app (the next time step: the enrolment used this one).
    const phone = await site.newPage();
    await signInWithForm(phone.page, E2E_ADMIN.username, E2E_ADMIN.password);
    const codeField = phone.page.getByLabel('Code from your app');
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(phone.page, 'sign-in-code');
    expect(await axeViolations(phone.page)).toEqual([]);
    await codeField.fill('000000' === totp(secret, 1) ? '111111' : '000000');
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await expect(phone.page.getByText(accountMessages.twoFactorCodeWrong)).toBeVisible();
    await codeField.fill(totp(secret, 1));
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await expect(phone.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    // And with a recovery code instead.
    const laptop = await site.newPage();
    await signInWithForm(laptop.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await laptop.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await laptop.page.getByLabel('Recovery code').fill(codes[0]!);
    await shot(laptop.page, 'sign-in-recovery-code');
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await expect(laptop.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    // The first browser sees its sessions (this one first, then the newest) and ends the laptop's.
    await page.reload();
    await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();
    const count = await sessions.getByRole('listitem').count();
    expect(count, String(count)).toBeGreaterThanOrEqual(3);
    // Another session's "last used" is a time of this test, in the post's time zone.
    const other = spaced(await sessions.getByRole('listitem').nth(1).textContent());
    expect(
      postTimesSince(started).some((t) => other.includes(`last used ${t}`)),
      other,
    ).toBeTruthy();
    await shot(page, 'account');
    expect(await axeViolations(page)).toEqual([]);
    await sessions
      .getByRole('button', { name: /^End session/ })
      .first()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await expect(page.getByText(/^Signed out /)).toBeVisible();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Your sessions"] > li').length === n, count - 1);
    expect((await (await laptop.page.request.get('/api/auth/check')).json()).authenticated).toBe(false);
    expect((await (await phone.page.request.get('/api/auth/check')).json()).authenticated).toBe(true);

    // Turning it off needs the password.
    await field(page, 'Your password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Turn Off' }).click();
    await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
    noErrors();
    await phone.context.close();
    await laptop.context.close();
    await context.close();
  });

  test('keeps your own name and e-mail, and makes new recovery codes in place of the old ones', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/account#details');
    const details = page.getByRole('form', { name: 'Your details' });
    await expect(details).toBeVisible();
    // The first administrator, made by the command line, has no e-mail address yet.
    await expect(field(page, 'E-mail')).toHaveValue('');
    await field(page, 'First name').fill('');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(formMessages.firstNameRequired)).toBeVisible();
    await field(page, 'First name').fill('Pat');
    await field(page, 'Last name').fill('Commander');
    // An address another account uses is refused at the field; what was typed stays.
    await field(page, 'E-mail').fill('pat.rivera@example.org');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText(accountMessages.staffEmailTaken)).toBeVisible();
    await expect(field(page, 'Last name')).toHaveValue('Commander');
    await field(page, 'E-mail').fill('commander@example.org');
    await details.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your details are saved');
    await page.reload();
    await expect(details).toBeVisible();
    await expect(field(page, 'E-mail')).toHaveValue('commander@example.org');
    await expect(field(page, 'First name')).toHaveValue('Pat');

    // New recovery codes need a current code from the app (two-factor turned on through the API here).
    const start = await (await page.request.post('/api/admin/account/two-factor/start')).json();
    const enrolled = await page.request.post('/api/admin/account/two-factor/confirm', { data: { code: totp(start.secret) } });
    const oldCodes: string[] = (await enrolled.json()).recoveryCodes;
    await page.reload();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
    await shot(page, 'account-two-factor-on');
    const wrong = totp(start.secret, 1) === '000000' ? '111111' : '000000';
    await field(page, 'Code from your app').fill(wrong);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page.getByText(accountMessages.twoFactorCodeWrong)).toBeVisible();
    await field(page, 'Code from your app').fill(totp(start.secret, 1));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list).toBeVisible();
    await expect(page.getByText('the old ones no longer work')).toBeVisible();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(codes.length).toBe(10);
    expect(codes.filter((c) => oldCodes.includes(c))).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

    // An old code no longer signs in; a new one does.
    const laptop = await site.newPage();
    await signInWithForm(laptop.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await laptop.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await laptop.page.getByLabel('Recovery code').fill(oldCodes[0]!);
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await expect(laptop.page.getByText(accountMessages.twoFactorCodeWrong)).toBeVisible();
    await laptop.page.getByLabel('Recovery code').fill(codes[0]!);
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await expect(laptop.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    // Back as it was for the next test.
    expect((await page.request.post('/api/admin/account/two-factor/disable', { data: { password: E2E_ADMIN.password } })).status()).toBe(200);
    noErrors();
    await laptop.context.close();
    await context.close();
  });

  test('requires two-factor of everyone once the setting is on: an account without it enrols first', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    // The administrator turns it on for their own account first (through the API here; the screen is tested above).
    const start = await (await page.request.post('/api/admin/account/two-factor/start')).json();
    expect((await page.request.post('/api/admin/account/two-factor/confirm', { data: { code: totp(start.secret) } })).status()).toBe(200);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
    await page.getByRole('switch', { name: 'Require two-factor sign-in for every administrator account' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    expect((await (await page.request.get('/api/site-settings')).json()).requireTwoFactor).toBe(true);

    const editor = await site.newPage();
    await signInWithForm(editor.page, 'pr-officer', 'pat-rivera-pass');
    await expect(editor.page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
    await expect(editor.page.getByText(accountMessages.mustEnrolTwoFactor)).toBeVisible();
    await shot(editor.page, 'must-enrol');
    await editor.page.goto('/admin/news/new');
    await expect(editor.page.getByRole('heading', { name: 'Your Account', level: 1 })).toBeVisible();
    await editor.page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = (await editor.page.locator('code').first().innerText()).replace(/\s+/g, '');
    await field(editor.page, 'Code from your app').fill(totp(secret));
    await editor.page.getByRole('button', { name: 'Turn On' }).click();
    await editor.page.getByRole('button', { name: 'I have saved them' }).click();
    await editor.page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(editor.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    // Back as it was for the other tests.
    await page.getByRole('switch', { name: 'Require two-factor sign-in for every administrator account' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    await editor.context.close();
    await context.close();
  });
});
