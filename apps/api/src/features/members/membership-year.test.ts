import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@post/contracts/members';
import type { MemberPayment } from '@post/contracts/member-payments';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { createTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';

// The membership year (issue 45, decision 0065): paid-through years, the derived dues status, payments.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const today = () => utcToZoned(new Date(), 'America/New_York').date;
const year = () => Number(today().slice(0, 4));
const [month, day] = [Number(today().slice(5, 7)), Number(today().slice(8, 10))];

/** A renewal calendar whose window for next year opened today, or opens tomorrow (grace ended before either). */
async function windowOpenToday(open: boolean) {
  // Days are kept within 1-28 so that every month has them; grace ends on January 1.
  const opensDay = open ? Math.min(day, 28) : Math.min(day + 1, 28);
  const opensMonth = !open && day >= 28 ? Math.min(month + 1, 12) : month;
  await patchSiteSettings(t.db, { membership: { renewalOpensMonth: opensMonth, renewalOpensDay: opensDay, graceEndsMonth: 1, graceEndsDay: 1 } });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
});
afterAll(async () => t?.close());

const get = async (id: number) => ((await admin.get('/api/members')).json() as Member[]).find((m) => m.id === id)!;

describe('paid through and the derived dues status', () => {
  it('derives duesStatus from paidThrough and the renewal window in Settings; PATCH takes paidThrough', async () => {
    // Today's month and day must leave room for a window opening after grace (January 1).
    if (month === 1 && day <= 2) return;
    const m = await insertMember(t.db, { membershipNumber: 'PY-1', paidThrough: year() });
    await windowOpenToday(false);
    expect((await get(m.id)).duesStatus).toBe('current');
    await windowOpenToday(true);
    expect(await get(m.id)).toMatchObject({ duesStatus: 'current', renewalOpen: true });
    const res = await admin.patch(`/api/members/${m.id}`, { paidThrough: year() + 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paidThrough: year() + 1, duesStatus: 'current' });
    expect((await admin.patch(`/api/members/${m.id}`, { paidThrough: year() - 1 })).json()).toMatchObject({
      duesStatus: expect.stringMatching(/^(suspended|dropped)$/),
    });
    // duesStatus is not an input: sending it changes nothing.
    expect((await admin.patch(`/api/members/${m.id}`, { duesStatus: 'current' })).json()).toMatchObject({
      duesStatus: expect.stringMatching(/^(suspended|dropped)$/),
    });
    expect((await admin.patch(`/api/members/${m.id}`, { paidThrough: 'soon' })).statusCode).toBe(400);
    expect((await get(m.id)).paidThrough).toBe(year() - 1);
  });

  it('never makes a Life Member due, and filters the directory by the derived status', async () => {
    await windowOpenToday(true);
    const life = await insertMember(t.db, { membershipNumber: 'PY-L', membershipType: 'Life Member', paidThrough: null });
    const due = await insertMember(t.db, { membershipNumber: 'PY-D', paidThrough: year() });
    const lapsed = await insertMember(t.db, { membershipNumber: 'PY-X', paidThrough: year() - 3 });
    expect((await get(life.id)).duesStatus).toBe('life');
    const ids = async (qs: string) => ((await admin.get(`/api/members?q=py-&${qs}`)).json() as Member[]).map((m) => m.id);
    expect(await ids('duesStatus=current')).toEqual(expect.arrayContaining([due.id]));
    expect(await ids('duesStatus=current')).not.toContain(life.id);
    expect(await ids('duesStatus=dropped')).toContain(lapsed.id);
    expect(await ids('duesStatus=dropped')).not.toContain(due.id);
    expect(await ids('duesStatus=life')).toContain(life.id);
    expect((await admin.get('/api/members?duesStatus=overdue')).statusCode).toBe(400);
  });

  it('adds a new member as current: paid through the year its window makes current', async () => {
    await windowOpenToday(true);
    const res = await admin.post('/api/members', { firstName: 'New', lastName: 'Comer', email: 'new@example.org', membershipNumber: 'PY-N' });
    expect(res.json()).toMatchObject({ paidThrough: year() + 1, duesStatus: 'current' });
  });
});

describe('dues payments', () => {
  it('records a payment, moves paid-through up (never down), lists it and audits it', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'PAY-1', paidThrough: year() - 1 });
    const res = await admin.post(`/api/members/${m.id}/payments`, { year: year() + 1, amount: '45.00', method: 'check', paidOn: today() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberId: m.id, year: year() + 1, amount: 45, method: 'check', paidOn: today() });
    expect((await get(m.id)).paidThrough).toBe(year() + 1);
    // A late payment for an older year is recorded but leaves paid-through where it is; the amount is optional.
    const old = await admin.post(`/api/members/${m.id}/payments`, { year: year() - 1, method: 'cash', paidOn: today() });
    expect(old.json()).toMatchObject({ amount: null });
    expect((await get(m.id)).paidThrough).toBe(year() + 1);
    const list = (await admin.get(`/api/members/${m.id}/payments`)).json() as MemberPayment[];
    expect(list.map((p) => p.year)).toEqual([year() - 1, year() + 1]);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'member-payment').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'create', entityId: String(m.id) });
  });

  it('refuses bad input and unknown members with a 4xx, storing nothing', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'PAY-2', paidThrough: 2020 });
    const count = async () => (await t.db.selectFrom('memberPayments').select('id').where('memberId', '=', m.id).execute()).length;
    for (const body of [
      { year: 'next', method: 'cash', paidOn: today() },
      { year: 2027, method: 'barter', paidOn: today() },
      { year: 2027, method: 'cash', paidOn: '2027-02-30' },
      { year: 2027, method: 'cash', paidOn: today(), amount: -5 },
    ]) {
      expect((await admin.post(`/api/members/${m.id}/payments`, body)).statusCode).toBe(400);
    }
    expect(await count()).toBe(0);
    expect((await get(m.id)).paidThrough).toBe(2020);
    expect((await admin.post('/api/members/999999/payments', { year: 2027, method: 'cash', paidOn: today() })).statusCode).toBe(404);
    expect((await t.agent().post(`/api/members/${m.id}/payments`, { year: 2027, method: 'cash', paidOn: today() })).statusCode).toBe(401);
  });
});

describe('the portal banner’s dues', () => {
  it('tells a due member the year paid through, the year to renew for and the link; a current member nothing to do', async () => {
    await windowOpenToday(true);
    await patchSiteSettings(t.db, { membership: { renewalUrl: 'https://pay.example.org/renew', duesAmount: '45.00' } });
    await windowOpenToday(true);
    const due = await insertMember(t.db, { membershipNumber: 'BAN-1', paidThrough: year() });
    const agent = t.agent();
    await agent.loginMember('BAN-1');
    const res = await agent.get('/api/member/dues');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paidThrough: year(), duesStatus: 'current', renewalOpen: true, renewFor: year() + 1 });
    await t.db
      .updateTable('members')
      .set({ paidThrough: year() + 1 })
      .where('id', '=', due.id)
      .execute();
    expect((await agent.get('/api/member/dues')).json()).toMatchObject({ duesStatus: 'current', renewFor: null });
    expect((await t.agent().get('/api/member/dues')).statusCode).toBe(401);
  });
});
