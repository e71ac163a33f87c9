import { expect, test } from './fixtures.ts';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { eventMessages } from '@post/contracts/messages/events';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import { startSite, type TestSite } from './harness.ts';
import { axeViolations, collectErrors, field, signInAdmin, table, toast } from './admin-helpers.ts';

// Issue 21 #4: an administrator edits an event title; the audit log shows who did it, from
// where, and the old → new title; the filters live in the address; the CSV has the same entries.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

// AUDIT_SHOTS=<dir>: also saves the page at 390 and 1280 px for a person to look at.
const shots = process.env.AUDIT_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

test.describe('audit log', () => {
  test('records an event title edit and shows it with old → new, filters by entity, pages, downloads CSV', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);

    // Seeding does not go through the administrator: the only entry so far is this sign-in.
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Signed in Administrator account/ }).first()).toBeVisible();

    // Edit the first event's title through its form.
    await page.goto('/admin');
    const row = table(page, 'Events').getByRole('row').nth(1);
    const edit = row.getByRole('link', { name: /^Edit / });
    const oldTitle = (await edit.getAttribute('aria-label'))?.replace(/^Edit /, '') ?? (await edit.innerText()).replace(/^Edit /, '');
    await edit.click();
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(oldTitle);
    const newTitle = `${oldTitle} (audited)`;
    await field(page, 'Title').fill(newTitle);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await toast(page, eventMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin');

    // Also a settings save and a news create, so that the entity filter has something to leave out.
    const settings = await (await page.request.get('/api/site-settings')).json();
    expect((await page.request.put('/api/admin/site-settings', { data: { ...settings, phone: '555-555-0199' } })).status()).toBe(200);

    // From the dashboard's link.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    const entries = page.getByRole('table', { name: 'Audit log entries' });
    const entry = entries.getByRole('row').filter({ hasText: `title: ${oldTitle} → ${newTitle}` });
    await expect(entry).toBeVisible();
    const text = await entry.innerText();
    expect(text).toMatch(/adjutant|admin/);
    expect(text).toMatch(/Changed\s+Event\s+#\d+/);
    expect(text).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    await expect(
      entries
        .getByRole('row')
        .filter({ hasText: 'phone: (empty) → 555-555-0199' })
        .or(entries.getByRole('row').filter({ hasText: '→ 555-555-0199' }))
        .first(),
    ).toBeVisible();
    // Every entry on one page: the edit, the settings save, and the sign-ins (recorded too).
    await expect(page.getByText(/^Showing 1–(\d+) of \1$/)).toBeVisible();
    expect(await axeViolations(page)).toStrictEqual([]);

    // Filter by entity: the address keeps it, the settings entry goes, a reload shows the same.
    await page.getByLabel('What').selectOption('event');
    await page.waitForURL((u) => u.searchParams.get('entity') === 'event');
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await expect(entries.getByRole('row').filter({ hasText: '555-555-0199' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('What')).toHaveValue('event');
    await expect(entry).toBeVisible();

    // The CSV download carries the same filter and the same entry.
    const link = page.getByRole('link', { name: 'Download CSV' });
    await expect(link).toHaveAttribute('href', '/api/admin/audit.csv?entity=event');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('When,Person,User ID,Address,Entity,ID,Action,Changes');
    expect(lines.length).toBe(2);
    expect(lines[1]!.includes(`title: ${oldTitle} → ${newTitle}`), lines[1]).toBeTruthy();

    // A filter that matches nothing: its own empty state; "Clear filters" brings all back.
    await page.getByLabel('Action').selectOption('delete');
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Every entry on one page: the edit, the settings save, and the sign-ins (recorded too).
    await expect(page.getByText(/^Showing 1–(\d+) of \1$/)).toBeVisible();
    noErrors();
    await context.close();
  });

  test('keeps the retention in Settings ("Keep the audit log for"), and the change is in the log', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/settings');
    const months = field(page, 'Keep the audit log for (months)');
    await expect(months).toHaveValue('24');
    await months.fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Keep the audit log for 1 to 120 months')).toBeVisible();
    await months.fill('36');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    expect((await (await page.request.get('/api/site-settings')).json()).auditRetentionMonths).toBe(36);
    await page.goto('/admin/audit?entity=settings');
    await expect(page.getByRole('table', { name: 'Audit log entries' }).getByText('auditRetentionMonths: 24 → 36')).toBeVisible();
    noErrors();
    await context.close();
  });

  test('pages through many entries ("Showing 26–50 of N") and works at 390 px', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    // 30 more recorded writes: settings saves, each changing the phone.
    const settings = await (await page.request.get('/api/site-settings')).json();
    for (let i = 0; i < 30; i++) {
      const res = await page.request.put('/api/admin/site-settings', { data: { ...settings, phone: `555-555-01${String(i).padStart(2, '0')}` } });
      expect(res.status()).toBe(200);
    }
    await page.goto('/admin/audit');
    const summary = page.locator('[data-audit-summary]');
    await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
    const total = Number((await summary.innerText()).match(/of (\d+)/)![1]);
    expect(total, String(total)).toBeGreaterThanOrEqual(32);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect(page.getByText(`Showing 26–${Math.min(50, total)} of ${total}`)).toBeVisible();
    // The page fits the phone: nothing wider than the viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page is ${overflow}px wider than the phone`).toBeLessThanOrEqual(0);
    // Each entry is a card with its labels.
    const card = page.locator('[data-audit-entry]').first();
    const labels = await card.locator('td').evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
    expect(labels).toStrictEqual(['"When"', '"Who"', '"Address"', '"What"', '"Changes"']);
    expect(await card.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    if (shots) {
      await page.screenshot({ path: path.join(shots, 'audit-page2-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/audit');
      await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
      await page.screenshot({ path: path.join(shots, 'audit-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/audit?entity=event');
      await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
      await page.screenshot({ path: path.join(shots, 'audit-event-390.png'), fullPage: true });
    }
    noErrors();
    await context.close();
  });
});
