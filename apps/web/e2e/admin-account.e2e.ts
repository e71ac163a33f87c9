import { expect, test } from './fixtures.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { startSite, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';
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
    await expect(page.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
    await expect(field(page, 'Post Name')).toHaveValue('Hometown Veterans Post');
    await expect(field(page, 'Time Zone')).toHaveValue('America/New_York');

    await field(page, 'Post Name').fill('');
    await field(page, 'Email').fill('not an email');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Post name is required')).toBeVisible();
    await expect(page.getByText(formMessages.invalidEmail)).toBeVisible();

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
    await expect(page.getByRole('banner').getByText('Riverside Memorial Post')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('adjutant@riverside.example')).toBeVisible();
    const saved = await (await page.request.get('/api/site-settings')).json();
    expect(saved.postName).toBe('Riverside Memorial Post');
    expect(saved.timeZone).toBe('America/Chicago');
    expect(saved.socialLinks.length).toBe(1);
    expect(
      saved.nationalLinks.some((l: { label: string; url: string }) => l.label === 'Honor Flight' && l.url === 'https://www.honorflight.org/'),
    ).toBeTruthy();

    // A fresh page load shows the saved values too.
    await page.reload();
    await expect(page.getByRole('banner').getByText('Riverside Memorial Post')).toBeVisible();
    await expect(field(page, 'Time Zone')).toHaveValue('America/Chicago');
    noErrors();
    await context.close();
  });
});

test.describe('newsletter', () => {
  test('lists the subscribers and downloads them as CSV', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    await page.goto('/admin/newsletter');
    await expect(page.getByText(newsletterMessages.noSubscribersYet)).toBeVisible();
    for (const email of ['first.reader@example.org', 'second.reader@example.org']) {
      const res = await page.request.post('/api/newsletter/subscribe', { data: { email } });
      expect(res.status()).toBe(200);
      // Only a confirmed address is a subscriber (issue 19 #3).
      await confirmSubscription(page.request, sink, email);
    }
    await page.reload();
    const list = page.getByRole('table', { name: 'Newsletter subscribers' });
    await expect(list.getByText('second.reader@example.org')).toBeVisible();
    await expect(list.getByRole('row')).toHaveCount(3);
    const link = page.getByRole('link', { name: 'Download CSV' });
    await expect(link).toHaveAttribute('href', '/api/admin/newsletter/subscribers.csv');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toMatch(/^email,/);
    expect(csv).toMatch(/first\.reader@example\.org/);
    await context.close();
  });
});

test.describe('change password', () => {
  test('checks the fields, refuses a wrong current password, then signs in with the new one', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/change-password');
    await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(accountMessages.currentPasswordRequired)).toBeVisible();
    await expect(page.getByText(accountMessages.passwordMin)).toBeVisible();
    await expect(page.getByText(accountMessages.confirmPasswordRequired)).toBeVisible();

    const newPassword = 'a brand new passphrase';
    await field(page, 'Current Password').fill('not the password');
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(accountMessages.passwordsDoNotMatch)).toBeVisible();

    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, accountMessages.passwordChangeFailed.title);
    await expect(page.getByText(accountMessages.passwordChangeFailed.description)).toBeVisible();
    await expect(field(page, 'New Password'), 'what was typed is kept').toHaveValue(newPassword);

    await field(page, 'Current Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, accountMessages.passwordUpdated);
    await page.waitForURL((u) => u.pathname === '/admin' && u.search === '');
    noErrors();
    await context.close();

    // A new browser: the old password fails, the new one works.
    const second = await site.newPage();
    const old = await second.page.request.post('/api/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
    expect(old.status()).toBe(401);
    await signInAdmin(second.page, newPassword);
    await second.context.close();
  });
});
