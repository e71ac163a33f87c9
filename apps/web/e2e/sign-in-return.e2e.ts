import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { test } from './fixtures.ts';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';

// Issue 56 item 2: after a genuine sign-in (and after the two-factor step) the administrator goes
// back only to a page of this site; every other return address goes to the dashboard (decision 0081).
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: false });
});
test.afterAll(async () => site?.close());

/** Return addresses a link could carry, and where signing in must go. */
const RETURNS: [returnTo: string, path: string][] = [
  ['/.//evil.example', '/admin'],
  ['/..//evil.example', '/admin'],
  ['/%2e//evil.example', '/admin'],
  ['/%2E%2E//evil.example/admin', '/admin'],
  ['/./\\evil.example', '/admin'],
  ['/\\\\evil.example', '/admin'],
  ['/\\/evil.example', '/admin'],
  ['/admin/settings', '/admin/settings'],
];

async function typePassword(page: Page, returnTo: string): Promise<void> {
  await page.goto(`/admin/login?${new URLSearchParams({ returnTo })}`);
  await waitForApp(page);
  const form = page.getByRole('form', { name: 'Administrator sign in' });
  await form.getByLabel('Username').fill(E2E_ADMIN.username);
  await form.getByLabel('Password').fill(E2E_ADMIN.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The page the browser ends on is the site's own, at `path`, and says the sign-in worked. */
async function landsOn(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((u) => u.origin === site.url && u.pathname === path);
  await expect(page.getByText('Login successful')).toBeVisible();
}

test.describe('signing in with a return address', () => {
  test('an administrator who signs in from a link to another site lands on the dashboard of this one', async () => {
    for (const [returnTo, path] of RETURNS) {
      const { page, context } = await site.newPage();
      await typePassword(page, returnTo);
      await landsOn(page, path);
      await context.close();
    }
  });

  test('after the two-factor step too, the administrator stays on this site', async () => {
    const { context } = await site.newPage();
    const signIn = await context.request.post('/api/login', { data: E2E_ADMIN });
    expect(signIn.status()).toBe(200);
    const start = (await (await context.request.post('/api/admin/account/two-factor/start')).json()) as { secret: string };
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(start.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const enrolled = await context.request.post('/api/admin/account/two-factor/confirm', { data: { code } });
    expect(enrolled.status()).toBe(200);
    const recoveryCodes = ((await enrolled.json()) as { recoveryCodes: string[] }).recoveryCodes;
    await context.close();

    for (const [i, [returnTo, path]] of RETURNS.entries()) {
      const { page, context: fresh } = await site.newPage();
      await typePassword(page, returnTo);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[i]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await landsOn(page, path);
      await fresh.close();
    }
  });
});
