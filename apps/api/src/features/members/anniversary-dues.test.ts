import { describe, expect, it } from 'vitest';
import type { Member } from '@post/contracts/members';
import type { MemberPayment } from '@post/contracts/member-payments';
import type { RosterImportResult } from '@post/contracts/roster-import';
import type { SiteSettingsOutput } from '@post/contracts/site-settings';
import { addDays, addMonths } from '@post/contracts/rules/dues';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { insertMember, useTestApp } from '../../test-helpers.ts';

// Anniversary dues (issue 61, decision 0098): Settings' "Dues run for", a payment's twelve months,
// the status read from the day paid through, the roster's days, and a basis it does not know.
const t = useTestApp({ admin: true, settings: { timeZone: 'America/New_York' } });
const today = utcToZoned(new Date(), 'America/New_York').date;
const year = Number(today.slice(0, 4));

/** A member paid through a day (the year with it, as the API keeps them). */
async function memberThrough(membershipNumber: string, on: string, continuousYears = 3) {
  const m = await insertMember(t.db, { membershipNumber, paidThrough: Number(on.slice(0, 4)) });
  await t.db.updateTable('members').set({ paidThroughOn: on, continuousYears }).where('id', '=', m.id).execute();
  return m;
}
const get = async (id: number) => ((await t.admin.get('/api/members')).json() as Member[]).find((m) => m.id === id)!;

/** Saves the settings with this membership basis, confirming the reminders the save says it sends. */
async function saveBasis(duesBasis: string) {
  const { logo: _logo, ...settings } = (await t.admin.get('/api/site-settings')).json() as SiteSettingsOutput;
  const membership = { ...settings.membership, duesBasis };
  const ask = await t.admin.post('/api/admin/site-settings/reminders-on-save', { membership });
  if (ask.statusCode !== 200) return ask;
  return t.admin.put('/api/admin/site-settings', { ...settings, membership, confirmReminders: ask.json().count });
}

describe('dues by anniversary', () => {
  it('refuses a basis it does not know, naming it, and changes nothing', async () => {
    const res = await saveBasis('monthly');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"monthly" is not a choice');
    const { logo: _logo, ...settings } = (await t.admin.get('/api/site-settings')).json() as SiteSettingsOutput;
    const put = await t.admin.put('/api/admin/site-settings', { ...settings, membership: { ...settings.membership, duesBasis: 'monthly' } });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toContain('"monthly" is not a choice');
    expect(((await t.admin.get('/api/site-settings')).json() as SiteSettingsOutput).membership.duesBasis).toBe('calendar');
  });

  it('switched on, reads the status from each member’s day and extends it by twelve months per payment', async () => {
    // Paid through two months from now (current), and eight months ago (dropped at six months).
    const current = await memberThrough('AN-CUR', addMonths(today, 2));
    const dropped = await memberThrough('AN-DROP', addMonths(today, -8));
    expect((await saveBasis('anniversary')).statusCode).toBe(200);

    expect(await get(current.id)).toMatchObject({ paidThroughOn: addMonths(today, 2), duesStatus: 'current', renewalOpen: true });
    expect(await get(dropped.id)).toMatchObject({ paidThroughOn: addMonths(today, -8), duesStatus: 'dropped' });

    // No year is asked: the payment pays twelve months on from the day paid through...
    const paid = await t.admin.post(`/api/members/${current.id}/payments`, { amount: '45.00', method: 'check', paidOn: today });
    expect(paid.statusCode).toBe(200);
    const through = addMonths(addMonths(today, 2), 12);
    expect(paid.json() as MemberPayment).toMatchObject({ year: Number(through.slice(0, 4)), paidThroughOn: through });
    expect(await get(current.id)).toMatchObject({
      paidThrough: Number(through.slice(0, 4)),
      paidThroughOn: through,
      duesStatus: 'current',
      renewalOpen: false,
      continuousYears: 4,
    });

    // ...or, for a member dropped by then, twelve months from the payment; their run starts again.
    await t.admin.post(`/api/members/${dropped.id}/payments`, { amount: '', method: 'cash', paidOn: today });
    const back = addDays(addMonths(today, 12), -1);
    expect(await get(dropped.id)).toMatchObject({ paidThroughOn: back, duesStatus: 'current', continuousYears: 1 });

    // The dialog's date sets the year with it.
    const edited = await t.admin.patch(`/api/members/${dropped.id}`, { paidThroughOn: `${year + 1}-03-14` });
    expect(edited.json()).toMatchObject({ paidThrough: year + 1, paidThroughOn: `${year + 1}-03-14` });
    expect((await t.admin.patch(`/api/members/${dropped.id}`, { paidThroughOn: 'next spring' })).statusCode).toBe(400);
  });

  it('takes a day from the roster (a year alone is December 31) and says why a cell is not one', async () => {
    await memberThrough('AN-R1', `${year}-05-01`);
    await memberThrough('AN-R2', `${year}-05-01`);
    await memberThrough('AN-R3', `${year}-05-01`);
    const csv = `Member ID,Expires\nAN-R1,${year + 1}-05-01\nAN-R2,${year + 1}\nAN-R3,May next year\n`;
    const res = await t.admin.post('/api/admin/members/roster/import', { csv, numberColumn: 'Member ID', paidThroughColumn: 'Expires' });
    expect(res.statusCode).toBe(200);
    const report = res.json() as RosterImportResult;
    expect(report.updated.map((u) => [u.membershipNumber, u.toOn])).toEqual([
      ['AN-R1', `${year + 1}-05-01`],
      ['AN-R2', `${year + 1}-12-31`],
    ]);
    expect(report.rejected).toEqual([expect.objectContaining({ membershipNumber: 'AN-R3', reason: expect.stringContaining('"May next year" is not a year') })]);
    const members = (await t.admin.get('/api/members?q=AN-R')).json() as Member[];
    expect(members.map((m) => [m.membershipNumber, m.paidThroughOn])).toEqual(
      expect.arrayContaining([
        ['AN-R1', `${year + 1}-05-01`],
        ['AN-R2', `${year + 1}-12-31`],
        ['AN-R3', `${year}-05-01`],
      ]),
    );
  });

  it('switched back, the calendar year reads the year kept with the day and asks a payment’s year again', async () => {
    expect((await saveBasis('calendar')).statusCode).toBe(200);
    const m = (await t.admin.get('/api/members?q=AN-R1')).json() as Member[];
    expect(m[0]).toMatchObject({ paidThrough: year + 1, paidThroughOn: null, duesStatus: 'current' });
    const noYear = await t.admin.post(`/api/members/${m[0]!.id}/payments`, { amount: '', method: 'cash', paidOn: today });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.body).toContain('Enter the membership year paid for');
  });
});
