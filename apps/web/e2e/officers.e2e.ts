import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { E2E_ADMIN, startSite, type TestSite } from './harness.ts';
import { linkIn, mailEnv, mailTo, startMailSink, type SmtpSink } from './mail-sink.ts';
import { axeViolations, collectErrors, field, signInAdmin, toast } from './admin-helpers.ts';

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
  await page.waitForTimeout(200);
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
    await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Staff accounts' })
      .getByRole('row')
      .filter({ hasText: 'This is you' })
      .getByText(E2E_ADMIN.username)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await dialog.getByLabel(/^Username/).fill('pr-officer');
    await dialog.getByLabel(/^First name/).fill('Pat');
    await dialog.getByLabel(/^Last name/).fill('Rivera');
    await dialog.getByLabel(/^E-mail/).fill('pat.rivera@example.org');
    assert.equal(await dialog.getByLabel(/^Role/).inputValue(), 'editor');
    assert.equal(await dialog.getByLabel(/^Send invitation/).isChecked(), true);
    await shot(page, 'administrators-add');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await toast(page, 'Invitation sent to pat.rivera@example.org');
    const row = page.getByRole('row').filter({ hasText: 'pr-officer' });
    await row.getByText('Invitation sent').waitFor();
    await shot(page, 'administrators');
    assert.deepEqual(await axeViolations(page), []);
    const link = linkIn((await mailTo(sink, 'pat.rivera@example.org', /^You're invited/)).text, '/admin/invitation');

    const editor = await site.newPage();
    const noEditorErrors = collectErrors(editor.page);
    await editor.page.goto(link);
    await editor.page.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
    await editor.page.getByText('pr-officer').waitFor();
    await shot(editor.page, 'invitation');
    assert.deepEqual(await axeViolations(editor.page), []);
    await editor.page.getByLabel(/^New Password/).fill('pat-rivera-pass');
    await editor.page.getByLabel(/^Confirm New Password/).fill('pat-rivera-pass');
    await editor.page.getByRole('button', { name: 'Set Password' }).click();
    await editor.page.getByText('Your password is set.').waitFor();
    // The link works once.
    await editor.page.goto(link);
    await editor.page.getByText(accountMessages.invitationInvalid).waitFor();

    await signInWithForm(editor.page, 'pr-officer', 'pat-rivera-pass');
    await editor.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await editor.page.getByRole('link', { name: 'Member Communications' }).waitFor();
    for (const hidden of ['User Management', 'Settings', 'Newsletter', 'Administrators']) {
      assert.equal(await editor.page.getByRole('link', { name: hidden, exact: true }).count(), 0, hidden);
    }
    await shot(editor.page, 'editor-dashboard');
    for (const url of ['/admin/settings', '/admin/administrators', '/admin/user-management', '/admin/newsletter']) {
      await editor.page.goto(url);
      await editor.page.getByRole('heading', { name: "You don't have access to this page", level: 1 }).waitFor();
    }
    await shot(editor.page, 'no-access');
    assert.deepEqual(await axeViolations(editor.page), []);
    // The server refuses too.
    assert.equal((await editor.page.request.get('/api/admin/users')).status(), 403);

    // The administrator sees the editor signed in.
    await page.reload();
    await row.getByText('Active').waitFor();
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
    await other.page.getByRole('heading', { name: 'Change Password', level: 1 }).waitFor();
    await other.page.getByText('You signed in with a temporary password.').waitFor();
    await shot(other.page, 'must-change-password');
    await other.page.goto('/admin/settings');
    await other.page.getByRole('heading', { name: 'Change Password', level: 1 }).waitFor();
    await field(other.page, 'Current Password').fill('temporary-pass-1');
    await field(other.page, 'New Password').fill('sam-own-password');
    await field(other.page, 'Confirm New Password').fill('sam-own-password');
    await other.page.getByRole('button', { name: 'Change Password' }).click();
    await other.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await other.page.getByRole('link', { name: 'Settings', exact: true }).waitFor();
    // The list shows when the account last signed in, in the post's time zone.
    await page.reload();
    const row = spaced(await page.locator('tr', { hasText: 'service-officer' }).textContent());
    assert.ok(
      postTimesSince(signedInAt).some((t) => row.includes(t)),
      row,
    );
    await other.context.close();
    await context.close();
  });

  test('enrols two-factor, then signs in with a code and with a recovery code, and ends a session', async () => {
    const started = Date.now();
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Your Account' }).click();
    await page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to add this site to your authenticator app' }).waitFor();
    const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await shot(page, 'account-enrol');
    await field(page, 'Code from your app').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    assert.equal(codes.length, 10);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await shot(page, 'account-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // Sign in with the code from the app (the next time step: the enrolment used this one).
    const phone = await site.newPage();
    await signInWithForm(phone.page, E2E_ADMIN.username, E2E_ADMIN.password);
    const codeField = phone.page.getByLabel('Code from your app');
    await codeField.waitFor();
    assert.equal(await codeField.getAttribute('autocomplete'), 'one-time-code');
    assert.equal(await codeField.getAttribute('inputmode'), 'numeric');
    assert.equal(await codeField.evaluate((el) => el === document.activeElement), true);
    await shot(phone.page, 'sign-in-code');
    assert.deepEqual(await axeViolations(phone.page), []);
    await codeField.fill('000000' === totp(secret, 1) ? '111111' : '000000');
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.getByText(accountMessages.twoFactorCodeWrong).waitFor();
    await codeField.fill(totp(secret, 1));
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // And with a recovery code instead.
    const laptop = await site.newPage();
    await signInWithForm(laptop.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await laptop.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await laptop.page.getByLabel('Recovery code').fill(codes[0]!);
    await shot(laptop.page, 'sign-in-recovery-code');
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await laptop.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // The first browser sees its sessions (this one first, then the newest) and ends the laptop's.
    await page.reload();
    await page.getByText('9 of 10 recovery codes left.').waitFor();
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await sessions.getByText('This device').waitFor();
    const count = await sessions.getByRole('listitem').count();
    assert.ok(count >= 3, String(count));
    // Another session's "last used" is a time of this test, in the post's time zone.
    const other = spaced(await sessions.getByRole('listitem').nth(1).textContent());
    assert.ok(
      postTimesSince(started).some((t) => other.includes(`last used ${t}`)),
      other,
    );
    await shot(page, 'account');
    assert.deepEqual(await axeViolations(page), []);
    await sessions
      .getByRole('button', { name: /^End session/ })
      .first()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await page.getByText(/^Signed out /).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Your sessions"] > li').length === n, count - 1);
    assert.equal((await (await laptop.page.request.get('/api/auth/check')).json()).authenticated, false);
    assert.equal((await (await phone.page.request.get('/api/auth/check')).json()).authenticated, true);

    // Turning it off needs the password.
    await field(page, 'Your password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Turn Off' }).click();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();
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
    await details.waitFor();
    // The first administrator, made by the command line, has no e-mail address yet.
    assert.equal(await field(page, 'E-mail').inputValue(), '');
    await field(page, 'First name').fill('');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText(formMessages.firstNameRequired).waitFor();
    await field(page, 'First name').fill('Pat');
    await field(page, 'Last name').fill('Commander');
    // An address another account uses is refused at the field; what was typed stays.
    await field(page, 'E-mail').fill('pat.rivera@example.org');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByText(accountMessages.staffEmailTaken).waitFor();
    assert.equal(await field(page, 'Last name').inputValue(), 'Commander');
    await field(page, 'E-mail').fill('commander@example.org');
    await details.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your details are saved');
    await page.reload();
    await details.waitFor();
    assert.equal(await field(page, 'E-mail').inputValue(), 'commander@example.org');
    assert.equal(await field(page, 'First name').inputValue(), 'Pat');

    // New recovery codes need a current code from the app (two-factor turned on through the API here).
    const start = await (await page.request.post('/api/admin/account/two-factor/start')).json();
    const enrolled = await page.request.post('/api/admin/account/two-factor/confirm', { data: { code: totp(start.secret) } });
    const oldCodes: string[] = (await enrolled.json()).recoveryCodes;
    await page.reload();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await shot(page, 'account-two-factor-on');
    const wrong = totp(start.secret, 1) === '000000' ? '111111' : '000000';
    await field(page, 'Code from your app').fill(wrong);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await page.getByText(accountMessages.twoFactorCodeWrong).waitFor();
    await field(page, 'Code from your app').fill(totp(start.secret, 1));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    await page.getByText('the old ones no longer work').waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    assert.equal(codes.length, 10);
    assert.deepEqual(
      codes.filter((c) => oldCodes.includes(c)),
      [],
    );
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // An old code no longer signs in; a new one does.
    const laptop = await site.newPage();
    await signInWithForm(laptop.page, E2E_ADMIN.username, E2E_ADMIN.password);
    await laptop.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await laptop.page.getByLabel('Recovery code').fill(oldCodes[0]!);
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await laptop.page.getByText(accountMessages.twoFactorCodeWrong).waitFor();
    await laptop.page.getByLabel('Recovery code').fill(codes[0]!);
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await laptop.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // Back as it was for the next test.
    assert.equal((await page.request.post('/api/admin/account/two-factor/disable', { data: { password: E2E_ADMIN.password } })).status(), 200);
    noErrors();
    await laptop.context.close();
    await context.close();
  });

  test('requires two-factor of everyone once the setting is on: an account without it enrols first', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    // The administrator turns it on for their own account first (through the API here; the screen is tested above).
    const start = await (await page.request.post('/api/admin/account/two-factor/start')).json();
    assert.equal((await page.request.post('/api/admin/account/two-factor/confirm', { data: { code: totp(start.secret) } })).status(), 200);
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    await page.getByRole('switch', { name: 'Require two-factor sign-in for every administrator account' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    assert.equal((await (await page.request.get('/api/site-settings')).json()).requireTwoFactor, true);

    const editor = await site.newPage();
    await signInWithForm(editor.page, 'pr-officer', 'pat-rivera-pass');
    await editor.page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
    await editor.page.getByText(accountMessages.mustEnrolTwoFactor).waitFor();
    await shot(editor.page, 'must-enrol');
    await editor.page.goto('/admin/news');
    await editor.page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
    await editor.page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = (await editor.page.locator('code').first().innerText()).replace(/\s+/g, '');
    await field(editor.page, 'Code from your app').fill(totp(secret));
    await editor.page.getByRole('button', { name: 'Turn On' }).click();
    await editor.page.getByRole('button', { name: 'I have saved them' }).click();
    await editor.page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await editor.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // Back as it was for the other tests.
    await page.getByRole('switch', { name: 'Require two-factor sign-in for every administrator account' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    await editor.context.close();
    await context.close();
  });
});
