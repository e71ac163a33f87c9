import { expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { BuddyCheck } from '@post/contracts/buddy-check';
import { test } from './fixtures.ts';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin, demoMembers } from './setup.ts';

// Buddy Check (issue 61 #4, decision 0086): a caller records outcomes from the portal on a phone.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/i61-shots';
let site: TestSite;
let admin: BrowserContext;

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite({ browser, seed: true });
  admin = await site.browser.newContext({ baseURL: site.url });
  await apiSignInAdmin(admin);
});
test.afterAll(async () => {
  await admin?.close();
  await site?.close();
});

test('a caller opens the portal on a phone, taps to call, and records "reached" and "needs help" with a note for the service officer', async () => {
  const { password, numbers } = demoMembers(site);
  const number = numbers[0]!;
  const [caller] = await (await admin.request.get(`/api/members?q=${number}`)).json();
  const { id } = await (await admin.request.post('/api/admin/buddy-checks', { data: { name: 'Veterans Day', includeFormer: true } })).json();
  const campaign = (await (await admin.request.get(`/api/admin/buddy-checks/${id}`)).json()) as BuddyCheck;
  const mine = campaign.calls.filter((c) => c.memberId !== caller.id && c.phone).slice(0, 3);
  expect(mine).toHaveLength(3);
  const assigned = await admin.request.post(`/api/admin/buddy-checks/${id}/assign`, { data: { callIds: mine.map((c) => c.id), callerId: caller.id } });
  expect(assigned.status()).toBe(200);

  const { page, context } = await site.newPage({ width: 390, height: 844, touch: true });
  expect((await context.request.post('/api/member/login', { data: { membershipNumber: number, password } })).status()).toBe(200);
  await page.goto('/member');
  await waitForApp(page);
  const section = page.getByRole('region', { name: 'Your Buddy Check calls' });
  await expect(section).toBeVisible();
  await expect(section.getByText('3 of 3 still to call.', { exact: false })).toBeVisible();

  const first = section.getByRole('listitem', { name: mine[0]!.name });
  const call = first.getByRole('link', { name: `Call ${mine[0]!.phone}` });
  await expect(call).toHaveAttribute('href', `tel:${mine[0]!.phone!.replace(/[^\d+]/g, '')}`);
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const reached = first.getByRole('button', { name: 'Reached' });
  expect((await reached.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await reached.tap();
  await expect(first.getByText('Outcome: Reached')).toBeVisible();
  await expect(reached).toHaveAttribute('aria-pressed', 'true');

  const second = section.getByRole('listitem', { name: mine[1]!.name });
  await second.getByRole('button', { name: 'Needs help' }).tap();
  await second.getByLabel('What help is needed? (only the service officer sees this)').fill('Needs a ride to the VA clinic on Tuesday');
  await second.getByRole('button', { name: 'Save: needs help' }).tap();
  await expect(second.getByText('Outcome: Needs help')).toBeVisible();
  await expect(section.getByText('1 of 3 still to call.', { exact: false })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'portal-buddy-check-390.png'), fullPage: true });

  // The administrator sees both outcomes, and the dashboard's flag for the one who needs help.
  const after = (await (await admin.request.get(`/api/admin/buddy-checks/${id}`)).json()) as BuddyCheck;
  expect(after.calls.find((c) => c.id === mine[0]!.id)!.outcome).toBe('reached');
  expect(after.calls.find((c) => c.id === mine[1]!.id)).toMatchObject({ outcome: 'needs-help', note: 'Needs a ride to the VA clinic on Tuesday' });
  const dash = await admin.newPage();
  await dash.goto('/admin');
  await expect(dash.getByRole('alert').filter({ hasText: 'needs help' })).toContainText(mine[1]!.name);
  await dash.close();
});

test('an administrator takes a dues payment on a call card: the card says the standing, then the year paid for (decision 0095)', async () => {
  const { id } = await (await admin.request.post('/api/admin/buddy-checks', { data: { name: 'Spring', includeFormer: true } })).json();
  const campaign = (await (await admin.request.get(`/api/admin/buddy-checks/${id}`)).json()) as BuddyCheck;
  const former = campaign.calls.find((c) => c.former && !c.lifeMember)!;
  expect(former, 'the demo has a former member').toBeTruthy();
  const { timeZone } = await (await admin.request.get('/api/site-settings')).json();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const year = Number(today.slice(0, 4));

  for (const width of [390, 1280]) {
    const page = await admin.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/buddy-checks?id=${id}`);
    await waitForApp(page);
    const card = page.getByRole('list', { name: 'Calls' }).getByRole('listitem', { name: former.name });
    await expect(card.getByText(`Paid through ${former.paidThrough}`)).toBeVisible();
    await card.getByRole('button', { name: 'Record a payment' }).click();
    const form = card.getByRole('form', { name: `Payment from ${former.name}` });
    await expect(form.getByLabel('Year Paid For')).toHaveValue(String(year));
    await page.screenshot({ path: path.join(SHOTS, `admin-buddy-check-payment-${width}.png`), fullPage: width === 390 });
    if (width === 390) {
      // A bad amount is said on its field and nothing is recorded.
      await form.getByLabel('Amount ($)').fill('lots');
      await form.getByRole('button', { name: 'Record Payment' }).click();
      await expect(form.getByText('Enter an amount such as 45.00, or leave it blank')).toBeVisible();
      await page.close();
      continue;
    }
    await form.getByLabel('Amount ($)').fill('45.00');
    await form.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Payment recorded')).toBeVisible();
    await expect(card.getByText(`Paid through ${year}`)).toBeVisible();
    await expect(form).toBeHidden();
    await page.close();
  }
  const payments = await (await admin.request.get(`/api/members/${former.memberId}/payments`)).json();
  expect(payments).toContainEqual(expect.objectContaining({ year, amount: 45, method: 'cash', paidOn: today }));
});
