import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
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
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await page
      .getByRole('cell', { name: /Signed in Administrator account/ })
      .first()
      .waitFor();

    // Edit the first event's title through its form.
    await page.goto('/admin');
    const row = table(page, 'Events').getByRole('row').nth(1);
    const edit = row.getByRole('link', { name: /^Edit / });
    const oldTitle = (await edit.getAttribute('aria-label'))?.replace(/^Edit /, '') ?? (await edit.innerText()).replace(/^Edit /, '');
    await edit.click();
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), oldTitle);
    const newTitle = `${oldTitle} (audited)`;
    await field(page, 'Title').fill(newTitle);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await toast(page, eventMessages.updated);
    await page.waitForURL((u) => u.pathname === '/admin');

    // Also a settings save and a news create, so that the entity filter has something to leave out.
    const settings = await (await page.request.get('/api/site-settings')).json();
    assert.equal((await page.request.put('/api/admin/site-settings', { data: { ...settings, phone: '555-555-0199' } })).status(), 200);

    // From the dashboard's link.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    const entries = page.getByRole('table', { name: 'Audit log entries' });
    const entry = entries.getByRole('row').filter({ hasText: `title: ${oldTitle} → ${newTitle}` });
    await entry.waitFor();
    const text = await entry.innerText();
    assert.match(text, /adjutant|admin/);
    assert.match(text, /Changed\s+Event\s+#\d+/);
    assert.match(text, /127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    await entries
      .getByRole('row')
      .filter({ hasText: 'phone: (empty) → 555-555-0199' })
      .or(entries.getByRole('row').filter({ hasText: '→ 555-555-0199' }))
      .first()
      .waitFor();
    // Every entry on one page: the edit, the settings save, and the sign-ins (recorded too).
    await page.getByText(/^Showing 1–(\d+) of \1$/).waitFor();
    assert.deepEqual(await axeViolations(page), []);

    // Filter by entity: the address keeps it, the settings entry goes, a reload shows the same.
    await page.getByLabel('What').selectOption('event');
    await page.waitForURL((u) => u.searchParams.get('entity') === 'event');
    await page.getByText('Showing 1–1 of 1').waitFor();
    assert.equal(await entries.getByRole('row').filter({ hasText: '555-555-0199' }).count(), 0);
    await page.reload();
    assert.equal(await page.getByLabel('What').inputValue(), 'event');
    await entry.waitFor();

    // The CSV download carries the same filter and the same entry.
    const link = page.getByRole('link', { name: 'Download CSV' });
    assert.equal(await link.getAttribute('href'), '/api/admin/audit.csv?entity=event');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'When,Person,User ID,Address,Entity,ID,Action,Changes');
    assert.equal(lines.length, 2);
    assert.ok(lines[1]!.includes(`title: ${oldTitle} → ${newTitle}`), lines[1]);

    // A filter that matches nothing: its own empty state; "Clear filters" brings all back.
    await page.getByLabel('Action').selectOption('delete');
    await page.getByText('No entries match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Every entry on one page: the edit, the settings save, and the sign-ins (recorded too).
    await page.getByText(/^Showing 1–(\d+) of \1$/).waitFor();
    noErrors();
    await context.close();
  });

  test('keeps the retention in Settings ("Keep the audit log for"), and the change is in the log', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    await page.goto('/admin/settings');
    const months = field(page, 'Keep the audit log for (months)');
    assert.equal(await months.inputValue(), '24');
    await months.fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Keep the audit log for 1 to 120 months').waitFor();
    await months.fill('36');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    assert.equal((await (await page.request.get('/api/site-settings')).json()).auditRetentionMonths, 36);
    await page.goto('/admin/audit?entity=settings');
    await page.getByRole('table', { name: 'Audit log entries' }).getByText('auditRetentionMonths: 24 → 36').waitFor();
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
      assert.equal(res.status(), 200);
    }
    await page.goto('/admin/audit');
    const summary = page.locator('[data-audit-summary]');
    await page.getByText(/^Showing 1–25 of \d+$/).waitFor();
    const total = Number((await summary.innerText()).match(/of (\d+)/)![1]);
    assert.ok(total >= 32, String(total));
    await page.getByRole('button', { name: 'Older' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await page.getByText(`Showing 26–${Math.min(50, total)} of ${total}`).waitFor();
    // The page fits the phone: nothing wider than the viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    // Each entry is a card with its labels.
    const card = page.locator('[data-audit-entry]').first();
    const labels = await card.locator('td').evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
    assert.deepEqual(labels, ['"When"', '"Who"', '"Address"', '"What"', '"Changes"']);
    assert.equal(await card.evaluate((el) => getComputedStyle(el).display), 'block');
    if (shots) {
      await page.screenshot({ path: path.join(shots, 'audit-page2-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/audit');
      await page.getByText(/^Showing 1–25 of \d+$/).waitFor();
      await page.screenshot({ path: path.join(shots, 'audit-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/audit?entity=event');
      await page.getByText(/^Showing 1–1 of 1$/).waitFor();
      await page.screenshot({ path: path.join(shots, 'audit-event-390.png'), fullPage: true });
    }
    noErrors();
    await context.close();
  });
});
