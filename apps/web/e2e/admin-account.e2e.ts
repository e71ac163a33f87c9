import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { E2E_ADMIN, startSite, type TestSite } from './harness.ts';
import { collectErrors, field, signInAdmin, toast } from './admin-helpers.ts';
import { confirmSubscription, mailEnv, startMailSink, type SmtpSink } from './mail-sink.ts';

// Site settings, the newsletter list and the administrator's password (decisions §1, §5; spec §2).
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

test.describe('site settings', () => {
  test('saves the settings and the header and footer change at once', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    assert.equal(await field(page, 'Post Name').inputValue(), 'Hometown Veterans Post');
    assert.equal(await field(page, 'Time Zone').inputValue(), 'America/New_York');

    await field(page, 'Post Name').fill('');
    await field(page, 'Email').fill('not an email');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Post name is required').waitFor();
    await page.getByText(formMessages.invalidEmail).waitFor();

    await field(page, 'Post Name').fill('Riverside Memorial Post');
    await field(page, 'Email').fill('adjutant@riverside.example');
    await field(page, 'Time Zone').selectOption('America/Chicago');
    // A national link row added, one social link removed.
    await page.getByRole('button', { name: 'Add national link' }).click();
    const n = await page
      .getByRole('main')
      .getByLabel(/^Label \(national link \d+\)\s*\*?$/)
      .count();
    await field(page, `Label (national link ${n})`).fill('Honor Flight');
    await field(page, `URL (national link ${n})`).fill('https://www.honorflight.org/');
    await page.getByRole('button', { name: 'Remove social link 1' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);

    // No reload: the header and footer read the same query.
    await page.getByRole('banner').getByText('Riverside Memorial Post').waitFor();
    await page.getByRole('contentinfo').getByText('adjutant@riverside.example').waitFor();
    const saved = await (await page.request.get('/api/site-settings')).json();
    assert.equal(saved.postName, 'Riverside Memorial Post');
    assert.equal(saved.timeZone, 'America/Chicago');
    assert.equal(saved.socialLinks.length, 1);
    assert.ok(saved.nationalLinks.some((l: { label: string; url: string }) => l.label === 'Honor Flight' && l.url === 'https://www.honorflight.org/'));

    // A fresh page load shows the saved values too.
    await page.reload();
    await page.getByRole('banner').getByText('Riverside Memorial Post').waitFor();
    assert.equal(await field(page, 'Time Zone').inputValue(), 'America/Chicago');
    noErrors();
    await context.close();
  });
});

test.describe('newsletter', () => {
  test('lists the subscribers and downloads them as CSV', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    await page.goto('/admin/newsletter');
    await page.getByText(newsletterMessages.noSubscribersYet).waitFor();
    for (const email of ['first.reader@example.org', 'second.reader@example.org']) {
      const res = await page.request.post('/api/newsletter/subscribe', { data: { email } });
      assert.equal(res.status(), 200);
      // Only a confirmed address is a subscriber (issue 19 #3).
      await confirmSubscription(page.request, sink, email);
    }
    await page.reload();
    const list = page.getByRole('table', { name: 'Newsletter subscribers' });
    await list.getByText('second.reader@example.org').waitFor();
    assert.equal(await list.getByRole('row').count(), 3);
    const link = page.getByRole('link', { name: 'Download CSV' });
    assert.equal(await link.getAttribute('href'), '/api/admin/newsletter/subscribers.csv');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    assert.match(csv, /^email,/);
    assert.match(csv, /first\.reader@example\.org/);
    await context.close();
  });
});

test.describe('change password', () => {
  test('checks the fields, refuses a wrong current password, then signs in with the new one', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/change-password');
    await page.getByRole('heading', { name: 'Change Password', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText(accountMessages.currentPasswordRequired).waitFor();
    await page.getByText(accountMessages.passwordMin).waitFor();
    await page.getByText(accountMessages.confirmPasswordRequired).waitFor();

    const newPassword = 'a brand new passphrase';
    await field(page, 'Current Password').fill('not the password');
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText(accountMessages.passwordsDoNotMatch).waitFor();

    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, accountMessages.passwordChangeFailed.title);
    await page.getByText(accountMessages.passwordChangeFailed.description).waitFor();
    assert.equal(await field(page, 'New Password').inputValue(), newPassword, 'what was typed is kept');

    await field(page, 'Current Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, accountMessages.passwordUpdated);
    await page.waitForURL((u) => u.pathname === '/admin' && u.search === '');
    noErrors();
    await context.close();

    // A new browser: the old password fails, the new one works.
    const second = await site.newPage();
    const old = await second.page.request.post('/api/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
    assert.equal(old.status(), 401);
    await signInAdmin(second.page, newPassword);
    await second.context.close();
  });
});
