import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { honorsMessages } from '@post/contracts/messages/honors';
import { test } from './fixtures.ts';
import { apiSignInAdmin, startSite, type TestSite } from './harness.ts';
import { linkIn, mailEnv, mailTo, startMailSink, type SmtpSink } from './mail-sink.ts';

// Funeral honors (issue 62, decision 0088): a family asks on the public page, the detail leader
// accepts and calls out, a rifleman answers from the mail on a phone, and the detail page shows
// the role filled. The new screens are saved at 390 and 1280 px for looking at.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/honors-shots';
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
