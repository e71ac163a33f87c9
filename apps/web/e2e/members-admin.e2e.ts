import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MAX_UPLOAD_BYTES } from '@post/contracts/member-resources';
import { commonMessages } from '@post/contracts/messages/common';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { formMessages } from '@post/contracts/messages/forms';
import { memberMessages } from '@post/contracts/messages/members';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { resourceMessages } from '@post/contracts/messages/resources';
import { E2E_ADMIN, startSite, type TestSite } from './harness.ts';

// Admin pages of member communications and member resources: empty states, the toggled
// create/edit form (and its /{id} route), badges, delete confirmations, upload checks.

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: false });
});
test.afterAll(async () => site?.close());

async function signInAdmin(page: Page) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
}

async function waitForToast(page: Page, text: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: true })
    .first()
    .waitFor();
}

test.describe('member communications and member resources (admin pages)', () => {
  test('creates, edits through /{id}, and deletes a communication', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/admin/member-communications');
    await page.getByText(communicationMessages.noneFound).waitFor();
    await page.getByRole('button', { name: 'New Communication' }).click();
    await page.getByRole('button', { name: 'Create Communication' }).click();
    await page.getByText(formMessages.titleRequired).waitFor();
    await page.getByLabel('Title').fill('Officers: Audit Meeting');
    await page.getByLabel('Content').fill('Line one.\nLine two.');
    await page.getByLabel('Priority').selectOption('urgent');
    await page.getByLabel('Target Audience').selectOption('officers');
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Create Communication' }).click();
    // An urgent one being published asks whether it goes by e-mail too (issue 19 #5).
    await page.getByRole('alertdialog', { name: 'Send this urgent notice by e-mail too?' }).getByRole('button', { name: 'Post only' }).click();
    await waitForToast(page, communicationMessages.created);
    const item = page.getByRole('article', { name: 'Officers: Audit Meeting' });
    await item.waitFor();
    assert.match(await item.innerText(), /Published[\s\S]*Urgent[\s\S]*Announcement[\s\S]*For Officers/);

    await item.getByRole('link', { name: 'Edit Officers: Audit Meeting' }).click();
    await page.waitForURL(/\/admin\/member-communications\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Communication' }).waitFor();
    assert.equal(await page.getByLabel('Title').inputValue(), 'Officers: Audit Meeting');
    assert.equal(await page.getByLabel('Content').inputValue(), 'Line one.\nLine two.');
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Update Communication' }).click();
    await waitForToast(page, communicationMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin/member-communications');
    assert.match(await item.innerText(), /Draft/);

    // Reloading the /{id} address opens the form in edit mode again.
    const id = (await (await page.request.get('/api/admin/member-communications')).json())[0].id as number;
    await page.goto(`/admin/member-communications/${id}`);
    await page.getByRole('heading', { name: 'Edit Communication' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/member-communications');

    await item.getByRole('button', { name: 'Delete Officers: Audit Meeting' }).click();
    await page.getByRole('alertdialog').getByText(communicationMessages.confirmDelete).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, commonMessages.deleted);
    await page.getByText(communicationMessages.noneFound).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('creates a linked resource, refuses a file over the limit, marks it inactive and deletes it', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    await page.goto('/admin/member-resources');
    await page.getByText(memberResourceMessages.noneFound).waitFor();
    await page.getByRole('button', { name: 'New Resource' }).click();
    await page.getByLabel('Title').fill('Bylaws');
    await page.getByLabel('Description').fill('The post bylaws.');
    await page.getByLabel('Category').selectOption('bylaws');
    // A link is the default source: it is required there.
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await page.getByText('Enter the address of the resource, or choose Upload a file.').waitFor();
    // A file over the limit is refused before anything is sent.
    await page.getByLabel('Upload a file').check();
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    big.write('%PDF-', 0);
    await page.getByLabel(/^File/).setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: big });
    await page.getByText(memberResourceMessages.uploadTooLarge).waitFor();
    await page.getByLabel('A link (URL)').check();
    await page.getByLabel('Resource URL').fill('https://example.org/bylaws.pdf');
    await page.getByLabel('File Size').fill('245 KB');
    await page.getByRole('button', { name: 'Create Resource' }).click();
    await waitForToast(page, memberResourceMessages.created);
    const card = page.getByRole('article', { name: 'Bylaws' });
    await card.waitFor();
    assert.match(await card.innerText(), /Active[\s\S]*https:\/\/example\.org\/bylaws\.pdf \(245 KB\)/);

    await card.getByRole('link', { name: 'Edit Bylaws' }).click();
    await page.waitForURL(/\/admin\/member-resources\/\d+$/);
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Update Resource' }).click();
    await waitForToast(page, memberResourceMessages.updated);
    await card.getByText('Inactive', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Delete Bylaws' }).click();
    await page.getByRole('alertdialog').getByText(memberResourceMessages.confirmDelete).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, commonMessages.deleted);
    await page.getByText(memberResourceMessages.noneFound).waitFor();
    await context.close();
  });

  test('shows the empty directory text and the portal empty states', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    await page.getByText(memberMessages.noneFound).waitFor();
    // A member with portal access, created through the API, sees empty tabs.
    const res = await page.request.post('/api/members', {
      data: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana@example.org',
        membershipNumber: 'A-1',
        hasOnlineAccess: true,
        loginPassword: 'portal-pass-1',
        branchOfService: 'Army',
      },
    });
    assert.equal(res.status(), 200);
    await context.close();
    // The widest screens show a signed-in member's header links, the greeting among them, in a row (decision 0061).
    const member = await site.newPage({ width: 1536 });
    const login = await member.page.request.post('/api/member/login', { data: { membershipNumber: 'A-1', password: 'portal-pass-1' } });
    assert.equal(login.status(), 200);
    await member.page.goto('/member');
    await member.page.getByText(communicationMessages.noneAvailable).waitFor();
    await member.page.getByRole('tab', { name: 'Resources' }).click();
    await member.page.getByText(resourceMessages.noneAvailable).waitFor();
    // Army: the greeting button is olive.
    const hi = member.page.getByRole('button', { name: /^Hi Ana/ });
    assert.equal(await hi.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(75, 83, 32)');
    // The portal's own Sign Out button ends the session and goes home.
    await member.page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await member.page.waitForURL((u) => u.pathname === '/');
    assert.equal((await member.page.request.get('/api/member/auth/check')).status(), 401);
    await member.context.close();
  });
});
