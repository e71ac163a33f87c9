import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startSite, type TestSite } from './harness.ts';
import { toast } from './admin-helpers.ts';

// Issue 61's last point (decision 0098): dues by anniversary, a choice in Settings. Pictures at
// 390 and 1280 px go to SHOTS_DIR when it names a folder (looked at by hand).

const SHOTS = process.env.SHOTS_DIR;
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** The screen at 390 and 1280 px with `at` scrolled to the top. */
async function shot(page: Page, name: string, at: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await at.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

const DAY = /Paid through (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/;

test('the adjutant sets dues to run twelve months from each payment, and a member then shows the day paid through', async ({ asAdmin: { page } }) => {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
  const basis = page.getByRole('group', { name: 'Dues run for' });
  await expect(basis.getByRole('radio', { name: 'The calendar year (January to December)' })).toBeChecked();
  await basis.getByRole('radio', { name: 'Twelve months from each payment (anniversary)' }).check();
  // What the dates mean for one member, counted from their own day.
  const example = page.getByText('Each member’s dates count from the day they are paid through');
  await expect(example).toContainText(/For a member paid through March 14, \d{4}: renewal opens \w+ \d{1,2}, \d{4}, delinquent/);
  await shot(page, 'settings-dues-basis', page.getByRole('group', { name: 'Membership year' }));
  await page.getByRole('button', { name: 'Save Settings' }).click();
  // Switching may make renewal reminders due: the save then asks first (decision 0095).
  const ask = page.getByRole('alertdialog', { name: /^Saving sends \d+ renewal reminders? now$/ });
  const saved = page.getByRole('region', { name: /Notifications/ }).getByText('Settings saved', { exact: true });
  await expect(saved.or(ask).first()).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: /^Save and send/ }).click();
  await toast(page, 'Settings saved');

  // Susan Miller's row says the day she is paid through, and her dialog takes a day.
  await page.goto('/admin/user-management?q=M-1006');
  const directory = page.getByRole('table', { name: 'Member Directory' });
  await expect(directory.getByText(DAY).first()).toBeVisible();
  await directory.getByRole('button', { name: 'Edit Susan Miller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member: Susan Miller' });
  await expect(dialog.getByLabel('Paid Through')).toHaveAttribute('type', 'date');
  const before = await dialog.getByLabel('Paid Through').inputValue();
  expect(before).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // A payment asks no year: it says the day it pays through, and records it.
  const payment = dialog.getByRole('form', { name: 'Record a payment' });
  await expect(payment.getByLabel('Year Paid For')).toHaveCount(0);
  await expect(payment.getByText(/^This payment pays through \w+ \d{1,2}, \d{4}\.$/)).toBeVisible();
  await shot(page, 'member-dialog-paid-through', dialog.getByLabel('Member Since'));
  await shot(page, 'member-dialog-payment', dialog.getByRole('heading', { name: 'Dues Payments' }));
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await toast(page, 'Payment recorded');
  await expect(page.getByText(/^Susan Miller: paid through \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(dialog.getByLabel('Paid Through')).not.toHaveValue(before);
});
