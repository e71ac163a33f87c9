import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { startSite, type TestSite } from './harness.ts';

// The forms a post files (issue 60, decision 0085): the CPR's worksheet on the demo year, a line's
// records, and "Mark as filed" keeping the lines as they stood.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

test('the adjutant opens the CPR worksheet, opens a line’s records and marks it as filed', async ({ asAdmin: { page, context } }) => {
  await page.goto('/admin/reports/service');
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'American Legion Consolidated Post Report' });
  await expect(page).toHaveURL(/form=legion-cpr/);
  const year = Number(new URL(page.url()).searchParams.get('year') ?? (await page.getByLabel('Program year').inputValue()));
  const api = await (await context.request.get(`/api/admin/reports/service?year=${year}&form=legion-cpr`)).json();
  const community = api.lines.find((l: { key: string }) => l.key === 'community-service-hours');
  expect(community.records).toBeGreaterThan(0);

  // Each line beside where it goes on the form, with the API's figure.
  // The printed copy beside it stays hidden on screen.
  const line = page.locator('[data-line="community-service-hours"]:visible');
  await expect(line).toContainText('CPR #83');
  await expect(line.locator('[data-value]')).toContainText(community.value.toLocaleString('en-US', { maximumFractionDigits: 2 }));

  // Its records, behind the button.
  const records = line.getByRole('button', { name: `${community.records} records behind Community service hours` });
  await records.click();
  await expect(records).toHaveAttribute('aria-expanded', 'true');
  const table = page.getByRole('table', { name: 'Records behind Community service hours' });
  await expect(table.locator('tbody tr')).toHaveCount(community.records);

  // Filed: kept as it stands, shown as filed.
  await page.getByRole('button', { name: 'Mark as filed' }).click();
  await expect(page.getByText('Marked as filed')).toBeVisible();
  const copy = page.getByRole('table', { name: 'Lines as filed' });
  await expect(copy.getByRole('row', { name: /CPR #83 Community service hours/ })).toContainText(
    community.value.toLocaleString('en-US', { maximumFractionDigits: 2 }),
  );
  await expect(page.getByText('No record of this period has changed since it was filed.')).toBeVisible();
  const filings = await (await context.request.get('/api/admin/reports/service/filings?form=legion-cpr')).json();
  expect(filings).toHaveLength(1);
});
