import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { T, TEXT } from '@post/contracts/messages';
import { demoMembers, E2E_ADMIN, startSite, type TestSite } from './harness.ts';

let site: TestSite;
before(async () => {
  // The README's default: the embedded database with demo content.
  site = await startSite({ seed: true, embedded: true });
});
after(async () => site?.close());

describe('foundation', () => {
  it('loads the home page with the header, footer and crisis line', async () => {
    const { page, context } = await site.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Welcome to Hometown Veterans Post/);
    assert.ok(await page.getByRole('link', { name: 'View Upcoming Events' }).isVisible());
    assert.ok(await page.getByRole('link', { name: 'Dial 988 then press 1' }).isVisible());
    assert.ok(await page.getByRole('heading', { name: 'Contact Us' }).isVisible());
    assert.equal(await page.title(), 'Hometown Veterans Post | Home');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('signs an administrator in on the Login page and reaches /admin', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    assert.ok(await page.getByText('Password is required').isVisible());
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(T.adminLoginFailed.description).waitFor();
    // What was typed is still there after a failure.
    assert.equal(await page.getByLabel('Username').inputValue(), E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    assert.ok(await page.getByRole('link', { name: 'Change Password' }).first().isVisible());
    await context.close();
  });

  it('shows the login page in place of an admin page without a session', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Administration' }).waitFor();
    assert.ok(await page.getByLabel('Username').isVisible());
    await page.goto('/admin/change-password');
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await context.close();
  });

  it('signs a member in and reaches /member; /member without a session goes to the Member Portal tab', async () => {
    const { password, numbers } = demoMembers(site);
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/member');
    await page.waitForURL('**/login?tab=member');
    const tab = page.getByRole('tab', { name: 'Member Portal' });
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
    await page.getByLabel('Membership Number').fill(numbers[0]!);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/member');
    await page.getByRole('heading', { name: 'Member Portal' }).waitFor();
    await page.getByText(T.memberLoginSuccess.description).waitFor();
    await context.close();
  });

  it("shows '404 Page Not Found' for an unknown path, without the developer hint", async () => {
    const { page, context } = await site.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: TEXT.notFoundTitle }).waitFor();
    assert.equal(await page.getByText('Did you forget to add the page to the router?').count(), 0);
    assert.ok(await page.getByRole('link', { name: 'Go to the home page' }).isVisible());
    await context.close();
  });
});
