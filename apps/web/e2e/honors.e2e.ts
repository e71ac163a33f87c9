import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { honorsMessages } from '@post/contracts/messages/honors';
import { test } from './fixtures.ts';
import { startSite, type TestSite } from './harness.ts';
import { apiSignInAdmin } from './setup.ts';
import { linkIn, mailEnv, mailTo, startMailSink, type SmtpSink } from './mail-sink.ts';

// Funeral honors (issue 62, decision 0088): a family asks on the public page, the detail leader
// accepts and calls out, a rifleman answers from the mail on a phone, and the detail page shows
// the role filled. The new screens are saved at 390 and 1280 px for looking at.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/honors-shots';
// Each test goes on from the request the first one made: a retry runs the whole file again.
test.describe.configure({ mode: 'serial' });
let site: TestSite;
let sink: SmtpSink;
let admin: BrowserContext;

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  sink = await startMailSink();
  site = await startSite({ browser, seed: false, env: mailEnv(sink) });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
  await sink?.stop();
});

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('a family asks for funeral honors on a phone; a missing phone is named under its field', async () => {
  const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Request Funeral Honors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: honorsMessages.pageTitle })).toBeVisible();
  await expect(page.getByText(/If the service is within two days, call the post now/)).toBeVisible();
  const form = page.getByRole('form', { name: honorsMessages.pageTitle });
  await form.getByLabel("Veteran's full name").fill('Walter E. Brooks');
  await form.getByLabel('Branch of service').selectOption('Army');
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Date of the service').fill(day);
  await form.getByLabel('Time').fill('10:30');
  await form.getByLabel(/^Place/).fill('Oak Hill Cemetery, Millbrook');
  await form.getByLabel(/^Your name/).fill('Brooks Funeral Home');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByRole('alert').filter({ hasText: honorsMessages.requesterPhoneRequired })).toBeVisible();
  await expect(form.getByLabel('Your phone')).toBeFocused();
  await form.getByLabel('Your phone').fill('(555) 123-4567');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status').filter({ hasText: honorsMessages.sent })).toBeVisible();
  const list = await (await admin.request.get('/api/admin/honors-requests')).json();
  expect(list).toEqual([expect.objectContaining({ deceasedName: 'Walter E. Brooks', state: 'new', requesterPhone: '(555) 123-4567' })]);
  await context.close();
});

test('a rifleman answers the call-out from the mail link on a phone, and the detail page shows the role filled', async () => {
  const member = await admin.request.post('/api/members', {
    data: { firstName: 'Rita', lastName: 'Rifle', email: 'rita@example.org', membershipNumber: 'HG-1', phone: '555-200-3000', honorGuardRoles: ['rifle'] },
  });
  expect(member.status()).toBe(200);
  await admin.request.post('/api/members', {
    data: { firstName: 'Frank', lastName: 'Flag', email: 'frank@example.org', membershipNumber: 'HG-2', phone: '555-200-4000', honorGuardRoles: ['flag'] },
  });
  const [request] = await (await admin.request.get('/api/admin/honors-requests')).json();
  expect((await admin.request.post(`/api/admin/honors-requests/${request.id}/accept`, { data: {} })).status()).toBe(200);
  const called = await admin.request.post(`/api/admin/honors-requests/${request.id}/call-out`);
  expect(await called.json()).toEqual({ queued: 2 });

  const mail = await mailTo(sink, 'rita@example.org', /^Honor guard needed/);
  const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
  await page.goto(linkIn(mail.text, '/honors/answer'));
  await expect(page.getByRole('heading', { level: 1, name: 'Funeral Honors Call-Out' })).toBeVisible();
  await expect(page.getByText('Oak Hill Cemetery, Millbrook')).toBeVisible();
  await shots(page, 'answer');
  await page.setViewportSize({ width: 390, height: 844 });
  const serve = page.getByRole('button', { name: 'I can serve as Rifle' });
  expect((await serve.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await serve.click();
  await expect(page.getByRole('status').filter({ hasText: 'You are down as Rifle' })).toBeVisible();
  await context.close();

  const phone = await site.newPage({ width: 390, height: 844, touch: true });
  await apiSignInAdmin(phone.context);
  await phone.page.goto(`/admin/honors/${request.id}`);
  const rifle = phone.page.getByRole('list', { name: 'Roles' }).getByRole('listitem', { name: 'Rifle' });
  await expect(rifle).toContainText('Rita Rifle');
  await expect(rifle).toContainText('6 still needed');
  // Frank has not answered: he is on the call list with tap-to-call; Rita is not.
  const calls = phone.page.getByRole('list', { name: 'Call list' });
  await expect(calls.getByRole('link', { name: 'Call Frank Flag' })).toHaveAttribute('href', 'tel:5552004000');
  await expect(calls).not.toContainText('Rita Rifle');
  await shots(phone.page, 'detail');
  await phone.page.goto('/admin/honors');
  await expect(phone.page.getByRole('link', { name: 'Walter E. Brooks' })).toBeVisible();
  await shots(phone.page, 'list');
  await phone.context.close();
});

test('a flag folder answers from the member portal on a phone, and the detail page shows the role filled (decision 0095)', async () => {
  const [frank] = (await (await admin.request.get('/api/members?q=HG-2')).json()) as { id: number }[];
  const access = await admin.request.patch(`/api/members/${frank!.id}`, { data: { hasOnlineAccess: true, loginPassword: 'flag-folder-pass-1' } });
  expect(access.status(), await access.text()).toBe(200);
  const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
  expect((await context.request.post('/api/member/login', { data: { membershipNumber: 'HG-2', password: 'flag-folder-pass-1' } })).status()).toBe(200);
  await page.goto('/member');
  const details = page.getByRole('region', { name: 'Funeral honors details' });
  await expect(details).toContainText('Walter E. Brooks');
  // Only the role he is qualified for is offered.
  await expect(details.getByRole('button', { name: 'I can serve as Rifle' })).toHaveCount(0);
  const serve = details.getByRole('button', { name: 'I can serve as Flag' });
  expect((await serve.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await serve.tap();
  await expect(page.getByText('You are down as Flag.')).toBeVisible();
  await expect(details.getByText('You serve as Flag')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'portal-answer-390.png'), fullPage: true });
  await context.close();

  const [request] = await (await admin.request.get('/api/admin/honors-requests')).json();
  const detail = await admin.newPage();
  await detail.goto(`/admin/honors/${request.id}`);
  const flag = detail.getByRole('list', { name: 'Roles' }).getByRole('listitem', { name: 'Flag' });
  await expect(flag).toContainText('Frank Flag');
  await expect(flag).toContainText('1 still needed');
  // He has answered, so he is off the call list (which, empty, is a sentence and no list).
  await expect(detail.getByRole('region', { name: /^Call list/ })).toBeVisible();
  await expect(detail.getByRole('region', { name: /^Call list/ })).not.toContainText('Frank Flag');
  await detail.close();
});

test('the request form keeps what a family typed across a reload and Back, and forgets it once sent (decision 0095)', async () => {
  const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
  await page.goto('/funeral-honors');
  const form = page.getByRole('form', { name: honorsMessages.pageTitle });
  await form.getByLabel("Veteran's full name").fill('Harold J. Simms');
  await form.getByLabel('Branch of service').selectOption('Marines');
  await form.getByLabel('Your phone').fill('(555) 777-1212');
  await form.getByLabel('Anything we should know').fill('He served at Khe Sanh.');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('draft:funeral-honors-request') ?? '')).toContain('Khe Sanh');
  expect(await page.evaluate(() => sessionStorage.getItem('draft:funeral-honors-request'))).not.toContain('website');

  await page.reload();
  await expect(form.getByRole('status').filter({ hasText: 'What you typed earlier on this device is back in the form.' })).toBeVisible();
  await expect(form.getByLabel("Veteran's full name")).toHaveValue('Harold J. Simms');
  await expect(form.getByLabel('Branch of service')).toHaveValue('Marines');
  await expect(form.getByLabel('Anything we should know')).toHaveValue('He served at Khe Sanh.');
  await page.screenshot({ path: path.join(SHOTS, 'request-draft-390.png') });

  await page.goto('/');
  await page.goBack();
  await expect(form.getByLabel('Your phone')).toHaveValue('(555) 777-1212');

  await form.getByLabel('Date of the service').fill(new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Time').fill('11:00');
  await form.getByLabel(/^Place/).fill('Riverside Cemetery, Millbrook');
  await form.getByLabel(/^Your name/).fill('Ann Simms');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status').filter({ hasText: honorsMessages.sent })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('draft:funeral-honors-request'))).toBeNull();
  await page.goto('/funeral-honors');
  await expect(form.getByLabel("Veteran's full name")).toHaveValue('');
  await expect(form.getByText('What you typed earlier')).toHaveCount(0);
  await context.close();
});

test('Settings edits the honor-guard roles and the detail template; a bad key is named and nothing is saved (decision 0095)', async () => {
  const { page, context } = await site.newPage({ width: 1280, height: 900 });
  await apiSignInAdmin(context);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible({ timeout: 30_000 });
  const roles = page.getByRole('list', { name: 'Honor-guard roles' });
  await expect(page.getByRole('button', { name: 'Remove role rifle' })).toBeDisabled();
  await roles.getByLabel('Label of rifle').fill('Rifleman');
  await page.getByRole('group', { name: 'Funeral honors' }).getByRole('button', { name: 'Add a role' }).click();
  await roles.getByLabel('Key').last().fill('Color Guard');
  await roles.getByLabel('Label of role 7').fill('Color guard');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(roles.getByText('A role key is lower-case letters, digits and dashes, such as rifle')).toBeVisible();
  expect(((await (await admin.request.get('/api/site-settings')).json()) as { honors: { roles: unknown[] } }).honors.roles).toHaveLength(6);

  await roles.getByLabel('Key').last().fill('color-guard');
  const template = page.getByRole('list', { name: 'Detail template' });
  await template.getByLabel('How many').nth(1).fill('5');
  await page.getByRole('group', { name: 'Funeral honors' }).getByRole('button', { name: 'Add a line' }).click();
  await template.getByLabel('Role, line 6').selectOption('color-guard');
  await template.getByLabel('How many').last().fill('2');
  await page.getByRole('group', { name: 'Funeral honors' }).scrollIntoViewIfNeeded();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('group', { name: 'Funeral honors' }).screenshot({ path: path.join(SHOTS, `settings-honors-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const { honors } = (await (await admin.request.get('/api/site-settings')).json()) as {
    honors: { roles: { key: string; label: string }[]; template: { role: string; count: number }[] };
  };
  expect(honors.roles).toContainEqual({ key: 'rifle', label: 'Rifleman' });
  expect(honors.roles).toContainEqual({ key: 'color-guard', label: 'Color guard' });
  expect(honors.template).toContainEqual({ role: 'rifle', count: 5 });
  expect(honors.template).toContainEqual({ role: 'color-guard', count: 2 });
  await context.close();
});

test('screens: the public request page and the dashboard with a new request', async () => {
  await site.newPage({ width: 1280, height: 900 }).then(async ({ page, context }) => {
    await page.goto('/funeral-honors');
    await expect(page.getByRole('heading', { level: 1, name: honorsMessages.pageTitle })).toBeVisible();
    await shots(page, 'request');
    await context.close();
  });
  const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
  await admin.request.post('/api/honors-requests', {
    data: {
      deceasedName: 'Mary Ellis',
      branch: 'Navy',
      serviceAt: at,
      location: 'St. Mark Church',
      requesterName: 'Tom Ellis',
      requesterPhone: '555-300-1000',
    },
  });
  const { page, context } = await site.newPage({ width: 1280, height: 900 });
  await apiSignInAdmin(context);
  await page.goto('/admin');
  // The admin area is a lazy chunk: on a loaded machine it can take longer than an expect's default.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: /Funeral honors requested/ }).getByRole('link', { name: /Mary Ellis/ })).toBeVisible();
  await shots(page, 'dashboard');
  const [newest] = (await (await admin.request.get('/api/admin/honors-requests?open=true')).json()) as { id: number }[];
  await page.goto(`/admin/honors/${newest!.id}`);
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await shots(page, 'detail-new');
  await context.close();
});
