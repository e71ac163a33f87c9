import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { collectErrors, signInAdmin, toast } from './admin-helpers.ts';

// The national roster import (issue 45 #5) on a phone: a roster with its own headers is mapped,
// previewed (an update and a row matching nobody), applied, and its mapping is chosen the next
// time. Then renewal reminders (issue 45 #2): the next batch previewed and sent from the Renewals
// screen, seen in the outbox, and nobody reminded twice (decision 0065).

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

async function today(page: Page): Promise<{ date: string; year: number; month: number; day: number }> {
  const { timeZone } = (await (await page.request.get('/api/site-settings')).json()) as { timeZone: string };
  const date = utcToZoned(new Date(), timeZone).date;
  return { date, year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

async function addMember(page: Page, membershipNumber: string, firstName: string, lastName: string, paidThrough: number) {
  const res = await page.request.post('/api/members', {
    data: { membershipNumber, firstName, lastName, email: `${membershipNumber.toLowerCase()}@example.org`, paidThrough },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Picks a file through the "Import national roster" button, as a person does. */
async function uploadRoster(page: Page, name: string, csv: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import national roster' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const dialog = page.getByRole('dialog', { name: 'Import national roster' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('national roster import', () => {
  test('maps a roster with its own headers at 390 px, previews an update and an unmatched row, applies, and remembers the mapping', async () => {
    const { page } = await site.newPage({ width: 390, height: 844 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    const { year } = await today(page);
    await addMember(page, 'RI-1', 'Rosa', 'Import', year - 1);

    await page.goto('/admin/user-management');
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    const roster = ['"Mbr Ident","Given","Family","Dues Yr"', `RI-1,Rosa,Import,12/31/${year + 1}`, `XX-404,Ghost,Member,${year + 1}`].join('\r\n');
    let dialog = await uploadRoster(page, 'national-roster.csv', roster);
    await expect(dialog.getByText('Choose once: the next roster with these columns has them chosen.')).toBeVisible();
    await dialog.getByLabel('Membership number column').selectOption('Mbr Ident');
    await dialog.getByLabel('Paid-through column').selectOption('Dues Yr');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();

    const preview = page.getByRole('dialog', { name: 'Roster preview' });
    await expect(preview).toBeVisible();
    await expect(preview.getByText('Nothing has changed yet.', { exact: false })).toBeVisible();
    const change = preview.getByRole('list', { name: 'Paid-through changes' }).getByRole('listitem');
    await expect(change).toHaveCount(1);
    expect((await change.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Rosa Import (#RI-1), row 2: paid through ${year - 1} → ${year + 1}`);
    const unmatched = preview.getByRole('list', { name: 'Not matched' }).getByRole('listitem');
    expect((await unmatched.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Row 3: Ghost Member (#XX-404), paid through ${year + 1}`);
    // Nothing stored by the preview.
    const before = (await (await page.request.get('/api/members?q=RI-1')).json()) as { paidThrough: number }[];
    expect(before[0]!.paidThrough).toBe(year - 1);
    // The dialog fits the phone: nothing reaches past its width.
    const overflow = await preview.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `the preview is ${overflow}px wider than the phone`).toBeLessThanOrEqual(0);

    await preview.getByRole('button', { name: 'Apply roster' }).click();
    await toast(page, 'Paid-through years updated');
    const done = page.getByRole('dialog', { name: 'Roster imported' });
    await expect(done.getByText(`The columns Mbr Ident and Dues Yr are remembered for the next roster.`, { exact: false })).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).first().click();
    await expect(done).toBeHidden();

    // The member now shows the roster's year.
    await page.goto('/admin/user-management?q=RI-1');
    await expect(page.getByRole('list', { name: 'Member Directory' }).getByText(`Paid through ${year + 1}`)).toBeVisible();

    // The next roster with those headers (in another order and case) has them chosen.
    dialog = await uploadRoster(page, 'next-roster.csv', ['"dues yr","MBR IDENT","Given","Family"', `${year + 2},RI-1,Rosa,Import`].join('\n'));
    await expect(dialog.getByText('Chosen as for your last roster import.')).toBeVisible();
    await expect(dialog.getByLabel('Membership number column')).toHaveValue('MBR IDENT');
    await expect(dialog.getByLabel('Paid-through column')).toHaveValue('dues yr');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    noErrors();
  });
});

test.describe('renewal reminders', () => {
  test('previews the next batch on the Renewals screen, sends it, shows it in the outbox, and never reminds a member twice', async () => {
    const { page } = await site.newPage({ width: 1280 });
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    const { year, month, day } = await today(page);
    // Renewals open today, grace having ended on January 1: there is no such calendar on January 1.
    test.skip(month === 1 && day === 1, 'no renewal window can open on January 1');
    const settings = await (await page.request.get('/api/site-settings')).json();
    const membership = {
      ...settings.membership,
      renewalOpensMonth: month,
      renewalOpensDay: Math.min(day, 28),
      graceEndsMonth: 1,
      graceEndsDay: 1,
      remindAtOpening: true,
      remindDaysBeforeGraceEnds: 0,
      remindAtLapse: false,
      // Each batch waits for the administrator, so the mail worker's own pass cannot send it first.
      remindersAutomatic: false,
    };
    const saved = await page.request.put('/api/admin/site-settings', { data: { ...settings, membership } });
    expect(saved.status(), await saved.text()).toBe(200);
    await addMember(page, 'RM-1', 'Remy', 'Minder', year);

    await page.goto('/admin/renewals');
    const next = page.getByRole('list', { name: 'Next batch' });
    await expect(next.getByText(`Remy Minder: renewals open, renew for ${year + 1}`)).toBeVisible();
    await expect(page.getByText('Automatic sending is off in Settings', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Send reminders now' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Send \d+ reminders?$/ })
      .click();
    await toast(page, 'Reminders queued');
    await expect(page.getByText('No reminder is due to go now.')).toBeVisible();
    const reminded = page.getByRole('list', { name: 'Reminded' });
    await expect(reminded.getByText(new RegExp(`^Remy Minder: renewals open \\(${year + 1}\\), queued .+, not sent yet$`))).toBeVisible();

    // In the outbox, waiting for a mail server.
    await page.goto('/admin/outbox?q=rm-1%40example.org');
    const row = page
      .getByRole('table', { name: 'Outbox messages' })
      .getByRole('row')
      .filter({ hasText: `Renew your membership for ${year + 1}` });
    await expect(row).toBeVisible();
    await expect(row).toHaveCount(1);

    // A member due later is in the next batch alone; sending it does not remind the first again.
    await addMember(page, 'RM-2', 'Rita', 'Minder', year);
    await page.goto('/admin/renewals');
    await expect(next.getByText(`Rita Minder: renewals open, renew for ${year + 1}`)).toBeVisible();
    await expect(next.getByText('Remy Minder')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send reminders now' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Send \d+ reminders?$/ })
      .click();
    await toast(page, 'Reminders queued');
    await expect(reminded.getByText(/^Rita Minder: renewals open/)).toBeVisible();
    await expect(reminded.getByText(/^Remy Minder:/)).toHaveCount(1);
    // Sent once more (another tab, a second tap): nothing is queued.
    const again = await page.request.post('/api/admin/renewals/reminders/send');
    expect(await again.json()).toStrictEqual({ queued: 0 });
    await page.reload();
    await expect(reminded.getByText(/^Rita Minder:/)).toBeVisible();
    await expect(reminded.getByText(/^Remy Minder:/)).toHaveCount(1);
    await expect(reminded.getByText(/^Rita Minder:/)).toHaveCount(1);
    noErrors();
  });
});
