import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CONFIRM, V } from '@post/contracts/messages';
import { SV } from '@post/contracts/staff-messages';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { apiSignInAdmin, createCommunityEvent, demoMembers, startSite, type TestSite } from './harness.ts';
import { axeViolations, signInAdmin } from './admin-helpers.ts';

// Issue 46: what visitors, members and the adjutant still tripped over. One test per item or
// group of items; each fails without its fix.

const ZONE = 'America/New_York';
let site: TestSite;
before(async () => {
  site = await startSite({ seed: true });
});
after(async () => site?.close());

/** A day of the current month (post's zone), `ahead` days after today or as many before. */
function dayThisMonth(ahead: number): string {
  const today = utcToZoned(new Date(), ZONE).date;
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  const day = d! + ahead <= last ? d! + ahead : d! - ahead;
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function signInMember(page: Page): Promise<void> {
  const { password, numbers } = demoMembers(site);
  const res = await page.request.post('/api/member/login', { data: { membershipNumber: numbers[0], password } });
  assert.equal(res.status(), 200, await res.text());
  await page.goto('/member');
  await page.getByRole('heading', { name: 'Member Portal', level: 1 }).waitFor();
}

describe('issue 46 #1: "+N more" in the calendar', () => {
  const busy = dayThisMonth(2);
  const titles = ['Busy Day Breakfast', 'Busy Day Color Guard', 'Busy Day Lunch', 'Busy Day Bingo', 'Busy Day Dance'];
  before(async () => {
    const { context } = await site.newPage();
    await apiSignInAdmin(context);
    for (const t of titles) await createCommunityEvent(context, t, `About ${t}.`, busy, ZONE);
    await context.close();
  });

  it('on a phone opens the day list with each title, not a popover of blank bars', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/events');
    const cell = page.locator(`[role=cell][data-date="${busy}"]`).first();
    await cell.locator('.post-cal-dot').first().waitFor();
    await cell.getByRole('button', { name: /Show \d+ more events? on this day/ }).click();
    const list = page.getByRole('list', { name: /^Events on / });
    await list.waitFor();
    for (const t of titles) assert.ok(await list.getByRole('button', { name: new RegExp(t) }).isVisible(), t);
    assert.equal(await page.locator('.fc-popover, [role=dialog]').count(), 0, 'no popover');
    await context.close();
  });

  it('on a wide screen still opens the popover with time and title', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/events');
    const cell = page.locator(`[role=cell][data-date="${busy}"]`).first();
    await cell.getByRole('button', { name: /Show \d+ more events? on this day/ }).click();
    const popover = page.getByRole('dialog');
    await popover.waitFor();
    const text = await popover.innerText();
    for (const t of titles) assert.ok(text.includes(t), t);
    assert.match(text, /12:00\s*PM/);
    assert.equal(await page.getByRole('list', { name: /^Events on / }).count(), 0);
    await context.close();
  });
});

describe('issue 46 #2: dialogs with a form ask before throwing edits away', () => {
  it('the member dialog asks on Escape, on a click outside and on Cancel; unchanged, it just closes', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/user-management');
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Member' });
    await dialog.waitFor();
    // Unchanged: Escape closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    await dialog.getByLabel(/^First Name/).fill('Temperance');
    const ask = page.getByRole('alertdialog', { name: CONFIRM.discardChanges.title });
    // Escape asks; keeping on editing keeps what was typed.
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: CONFIRM.discardChanges.keep }).click();
    await ask.waitFor({ state: 'hidden' });
    assert.equal(await dialog.getByLabel(/^First Name/).inputValue(), 'Temperance');
    // A click outside asks too.
    await page.mouse.click(5, 450);
    await ask.waitFor();
    await ask.getByRole('button', { name: CONFIRM.discardChanges.keep }).click();
    await ask.waitFor({ state: 'hidden' });
    await dialog.waitFor();
    // Cancel asks; discarding closes and forgets.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: CONFIRM.discardChanges.discard }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    assert.equal(await dialog.getByLabel(/^First Name/).inputValue(), '');
    await context.close();
  });

  it("the officer's Add an account and the member's Change Password ask too, and start afresh once discarded", async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('half-typed');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: CONFIRM.discardChanges.title });
    await ask.getByRole('button', { name: CONFIRM.discardChanges.discard }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add an account' }).click();
    assert.equal(await dialog.getByLabel(/^Username/).inputValue(), '');
    await context.close();

    const member = await site.newPage({ width: 390, height: 844 });
    await signInMember(member.page);
    await member.page.getByRole('button', { name: 'Change Password' }).click();
    const change = member.page.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel(/^Current Password/).fill('something');
    await change.getByRole('button', { name: 'Close' }).click();
    await member.page.getByRole('alertdialog', { name: CONFIRM.discardChanges.title }).waitFor();
    await member.context.close();
  });
});

describe('issue 46 #4: one password rule, one message', () => {
  it("the member's change-password dialog says 8 like its hint; Add an account says an empty e-mail is required", async () => {
    const member = await site.newPage({ width: 390, height: 844 });
    await signInMember(member.page);
    await member.page.getByRole('button', { name: 'Change Password' }).click();
    const change = member.page.getByRole('dialog', { name: 'Change Password' });
    await change.getByRole('button', { name: 'Change Password' }).click();
    await change.getByText(V.passwordMin).waitFor();
    assert.equal(V.passwordMin, 'Password must be at least 8 characters');
    assert.ok(await change.getByText('At least 8 characters; a longer phrase is safer.').isVisible());
    assert.equal(await change.getByText(/at least 6/i).count(), 0);
    await member.context.close();

    const { page, context } = await site.newPage({ width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/administrators');
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel(/^Username/).fill('no-mail');
    await dialog.getByLabel(/^First name/).fill('Noah');
    await dialog.getByLabel(/^Last name/).fill('Mailless');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByText(SV.staffEmailRequired).waitFor();
    assert.equal(await dialog.getByText(V.invalidEmail).count(), 0);
    await dialog.getByLabel(/^E-mail/).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByText(V.invalidEmail).waitFor();
    // A temporary password follows the same rule and message.
    await dialog.getByLabel(/^Set a temporary password/).check();
    await dialog.getByLabel(/^Temporary password/).fill('short');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByText(V.passwordMin).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});
