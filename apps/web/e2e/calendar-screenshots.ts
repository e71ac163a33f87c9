import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { zonedToUtc } from '@post/contracts/rules/event-time';
import { startSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';
import { expect } from '@playwright/test';
import { postDate, settled } from './admin-helpers.ts';

// The screens of issue 20 at 390 and 1280 px: `node e2e/calendar-screenshots.ts [out-dir]`.
// The event form with Repeats filled in, the dashboard's Events tab, the volunteer roster, the
// sign-in sheet and an occurrence's popup. Not a test.
const out = path.resolve(process.argv[2] ?? '/tmp/shots-calendar');
mkdirSync(out, { recursive: true });
const site = await startSite({ seed: true });
try {
  const { page: setup, context: setupContext } = await site.newPage();
  await setup.request.post('/api/login', { data: E2E_ADMIN });
  const day = postDate(3);
  const series = await setup.request.post('/api/events', {
    data: {
      title: 'Color Guard Practice',
      description: 'Drill for the color guard.',
      location: 'Drill Field behind the Post Home',
      startDate: zonedToUtc(day, '18:00', 'America/New_York').toISOString(),
      endDate: zonedToUtc(day, '19:30', 'America/New_York').toISOString(),
      recurrence: { rule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=20', onHoliday: 'next-day' },
    },
  });
  const first = (await series.json()) as { id: number };
  for (const [name, email, phone, role] of [
    ['Quinn Flagbearer', 'quinn@example.com', '555-555-0142', 'Flag bearer'],
    ['Rae Riflewoman', 'rae@example.com', '', 'Rifle'],
    ['Sam Sergeant-at-Arms', 'sam@example.com', '555-555-0177', ''],
  ]) {
    await setup.request.post('/api/volunteers', { data: { eventId: first.id, name, email, phone, role } });
  }
  await setupContext.close();

  for (const width of [390, 1280]) {
    const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
    await page.request.post('/api/login', { data: E2E_ADMIN });
    const shot = async (name: string) => {
      await settled(page);
      const file = path.join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // The first screen as it is seen (the sticky header where it belongs).
      await page.screenshot({ path: path.join(out, `${name}-${width}-top.png`) });
      console.log(file);
    };
    await page.goto('/admin/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await page.getByLabel('How often').selectOption('monthly-weekday');
    await page.getByRole('radio', { name: 'After a number of times' }).check();
    await page.getByRole('spinbutton', { name: 'Number of times' }).fill('12');
    await page.getByRole('radio', { name: 'Move it to the next day that is not a holiday' }).check();
    await shot('event-form-repeats-monthly');
    await page.getByLabel('How often').selectOption('weekly');
    await shot('event-form-repeats-weekly');
    await page.getByRole('group', { name: 'Repeats' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `event-form-repeats-weekly-${width}-control.png`) });
    await page.goto('/admin');
    await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
    await shot('dashboard-events');
    await page.getByRole('heading', { name: 'Events', level: 2 }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 250);
    await settled(page);
    await page.screenshot({ path: path.join(out, `dashboard-events-${width}-rows.png`) });
    await page.goto(`/admin/events/${first.id}`);
    await expect(page.getByRole('heading', { name: /Registered Volunteers/ })).toBeVisible();
    await shot('event-form-occurrence');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shot('scope-dialog');
    await page.goto('/admin/volunteers');
    await expect(page.getByRole('table', { name: 'Volunteers' })).toBeVisible();
    await shot('volunteer-roster');
    await page.getByRole('table', { name: 'Volunteers' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `volunteer-roster-${width}-rows.png`) });
    await page.goto(`/admin/events/${first.id}/sign-in-sheet`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('sign-in-sheet');
    await page.emulateMedia({ media: 'print' });
    await shot('sign-in-sheet-print');
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/events?id=${first.id}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('occurrence-popup');
    await page.goto('/events#volunteer-needs');
    await expect(page.locator('#volunteer-needs')).toBeVisible();
    await page.locator('#volunteer-needs').scrollIntoViewIfNeeded();
    await settled(page);
    await page.locator('section[aria-labelledby=volunteer-needs]').screenshot({ path: path.join(out, `volunteer-needs-${width}.png`) });
    await context.close();
  }
} finally {
  await site.close();
}
