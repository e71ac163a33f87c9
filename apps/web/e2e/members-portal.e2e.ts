import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { commonMessages } from '@post/contracts/messages/common';
import { formMessages } from '@post/contracts/messages/forms';
import { memberMessages } from '@post/contracts/messages/members';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { startSite, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';
import { toast } from './admin-helpers.ts';

// The members issue end to end: an administrator adds a member with portal access in User
// Management and uploads a file for Life Members; the member signs in, sees what their audience
// allows, downloads the file (counted), and signs out with the 'Hi {firstName}' button.

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

const MEMBER = { first: 'Ezra', last: 'Whitfield', email: 'ezra.whitfield@example.org', number: 'E2E-501', password: 'e2e-portal-pass' };
const PDF = Buffer.from('%PDF-1.4\n% e2e life member handbook\n%%EOF\n');

async function signInAdmin(page: Page) {
  await page.goto('/login');
  // The page is rendered on the server: wait until it is interactive before typing.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
}

test.describe('members: directory, resources and the member portal', () => {
  test('an administrator adds a member with portal access and a Life Member file; the member sees only their share, downloads it and signs out', async () => {
    const admin = await site.newPage();
    await signInAdmin(admin.page);
    // Errors on this pages (the Login page is another feature's).
    const errors: string[] = [];
    admin.page.on('pageerror', (e) => errors.push(`${admin.page.url()}: ${e.message}`));

    // User Management: the directory and the member dialog.
    let page = admin.page;
    await page.goto('/admin/user-management');
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Member Directory' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    for (const col of ['Name', 'Membership #', 'Email', 'Post Role', 'Branch', 'Status', 'Online Access', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: col, exact: true }), col).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Member' });
    await expect(dialog).toBeVisible();
    // Required fields are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText(formMessages.firstNameRequired)).toBeVisible();
    await expect(dialog.getByText(memberMessages.membershipNumberRequired)).toBeVisible();
    // Cancel closes and resets.
    await dialog.getByLabel('First Name').fill('Someone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // With changes, Cancel asks first (issue 23 #18).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toHaveValue('');

    await dialog.getByLabel('First Name').fill(MEMBER.first);
    await dialog.getByLabel('Last Name').fill(MEMBER.last);
    await dialog.getByLabel('Email').fill(MEMBER.email);
    await dialog.getByLabel('Membership Number').fill(MEMBER.number);
    await dialog.getByLabel('Membership Type').selectOption('Life Member');
    await dialog.getByLabel('Branch of Service').selectOption('Marines');
    await dialog.getByLabel('Years of Service').fill('8');
    await dialog.getByRole('switch', { name: 'Online Portal Access' }).click();
    await dialog.getByLabel('Portal Password').fill(MEMBER.password);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await toast(page, memberMessages.created);
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: `${MEMBER.first} ${MEMBER.last}` });
    await expect(row).toHaveText(
      new RegExp(`${MEMBER.number}[\\s\\S]*${MEMBER.email}[\\s\\S]*${memberMessages.noRoleAssigned}[\\s\\S]*Marines[\\s\\S]*Active[\\s\\S]*Enabled`),
      { useInnerText: true },
    );

    // The search finds the member server-side, and says how many match.
    await page.getByRole('searchbox', { name: 'Search members' }).fill('whitf');
    await expect(page.getByText('1 member match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.getByText(/^\d+ members$/)).toBeVisible();

    // A duplicate membership number is refused with the server's message.
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('First Name').fill('Copy');
    await dialog.getByLabel('Last Name').fill('Cat');
    await dialog.getByLabel('Email').fill('copy.cat@example.org');
    await dialog.getByLabel('Membership Number').fill(MEMBER.number.toLowerCase());
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await toast(page, 'That membership number is already in use by another member.');
    await expect(dialog, 'the dialog stays open with what was typed').toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();

    // Member resources: a file for Life Members only.
    await page.goto('/admin/member-resources');
    await expect(page.getByRole('heading', { name: 'Member Resources', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New Resource' }).click();
    await page.getByLabel('Title').fill('E2E Life Member Handbook');
    await page.getByLabel('Description').fill('Only for Life Members.');
    await page.getByLabel('Access Level').selectOption('life_members');
    await page.getByLabel('Upload a file').check();
    await page.getByLabel(/^File/).setInputFiles({ name: 'life-handbook.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await toast(page, memberResourceMessages.created);
    const card = page.getByRole('article', { name: 'E2E Life Member Handbook' });
    await expect(card).toContainText('life-handbook.pdf');
    await expect(card).toContainText('Active');
    expect(errors).toStrictEqual([]);
    await admin.context.close();

    // The member signs in on the Login page's Member Portal tab (on the widest screens, where a
    // signed-in member's header shows its links in a row).
    const member = await site.newPage({ width: 1536 });
    page = member.page;
    await page.goto('/member');
    await page.waitForURL('**/login?tab=member');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Membership Number').fill(MEMBER.number);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/member');
    await expect(page.getByRole('heading', { name: 'Member Portal', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Member Portal' })).toBeVisible();

    // Communications: all members' and Life Members', never officers', annual members', drafts,
    // scheduled or expired ones.
    const comms = page.getByRole('list', { name: 'Communications' });
    for (const title of ['Life Members: Please Update Your Contact Information', 'Monthly Newsletter', 'Post Home Closed Saturday for Water Main Repair']) {
      await expect(comms, title).toContainText(title);
    }
    for (const title of [
      'Officers: Budget Review Before the Next Meeting',
      'Annual Dues Reminder',
      'Holiday Party Planning (draft)',
      'Volunteer Appreciation Dinner',
      'Parking Lot Resurfacing',
    ]) {
      await expect(comms, title).not.toContainText(title);
    }
    const urgent = page.getByRole('article', { name: 'Post Home Closed Saturday for Water Main Repair' });
    await expect(urgent).toHaveText(/Urgent[\s\S]*Urgent Notice/, { useInnerText: true });
    await expect(page.getByRole('article', { name: 'Monthly Newsletter' }).getByRole('link', { name: /View Attachment/ })).toBeVisible();

    // Resources: Life Members' file and everyone's, not officers' or annual members'.
    await page.getByRole('tab', { name: 'Resources' }).click();
    const resources = page.getByRole('list', { name: 'Resources' });
    for (const title of ['E2E Life Member Handbook', 'Life Member Benefits Guide', 'Post Bylaws']) await expect(resources, title).toContainText(title);
    for (const title of ['Officer Handbook and Standing Rules', 'Annual Membership Renewal Guide', 'Post Bylaws (previous edition)']) {
      await expect(resources, title).not.toContainText(title);
    }

    // Download: the request succeeds with the file, and the count goes up.
    const mine = page.getByRole('article', { name: 'E2E Life Member Handbook' });
    await expect(mine.getByTestId('download-count')).toHaveText('0');
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes('/api/member/resources/') && r.url().endsWith('/download')),
      mine.getByRole('link', { name: /^Access/ }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(download.suggestedFilename()).toBe('life-handbook.pdf');
    await page.waitForFunction(() => document.querySelector('[aria-label="Resources"] [data-testid="download-count"]') !== null);
    await expect(mine.getByTestId('download-count').filter({ hasText: '1' })).toBeVisible();

    // Sign out with the 'Hi {firstName}' button, in the Marines' red.
    const hi = page.getByRole('button', { name: new RegExp(`^Hi ${MEMBER.first}`) });
    await expect(hi).toHaveText(`Hi ${MEMBER.first}`);
    const colour = await hi.evaluate((el) => getComputedStyle(el).backgroundColor);
    const marinesRed = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'bg-flag-red-700';
      document.body.append(probe);
      const c = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return c;
    });
    expect(colour).toBe(marinesRed);
    await hi.click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Member Login' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('button', { name: new RegExp(`^Hi ${MEMBER.first}`) })).toHaveCount(0);
    await page.goto('/member');
    await page.waitForURL('**/login?tab=member');
    await member.context.close();
  });

  test('deletes a member after the confirmation, and the portal refuses them', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    await page.goto('/admin/user-management?q=whitfield');
    const card = page.getByRole('listitem').filter({ hasText: `${MEMBER.first} ${MEMBER.last}` });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete ${MEMBER.first} ${MEMBER.last}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(memberMessages.confirmDelete)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, commonMessages.deleted);
    await expect(page.getByText(memberMessages.noneMatch)).toBeVisible();
    const res = await page.request.post('/api/member/login', { data: { membershipNumber: MEMBER.number, password: MEMBER.password } });
    expect(res.status()).toBe(401);
    await context.close();
  });
});
