import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Renewals } from '@post/contracts/renewals';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { createTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';

// The Renewals screen (issue 45 #4, decision 0065).
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const today = utcToZoned(new Date(), 'America/New_York').date;
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
  // The window for next year opened on January 2 and grace ended on January 1: from then on, paid
  // through this year is due, last year lapsed this year, the year before lapsed last year.
  await patchSiteSettings(t.db, { membership: { renewalOpensMonth: 1, renewalOpensDay: 2, graceEndsMonth: 1, graceEndsDay: 1 } });
});
afterAll(async () => t?.close());

describe('renewals', () => {
  it('lists due, lapsed this year and lapsed last year with last payment, phone, e-mail and the contact note; never the departed or Life Members', async () => {
    if (today.endsWith('-01-01')) return;
    const due = await insertMember(t.db, { membershipNumber: 'R-DUE', lastName: 'Adams', paidThrough: year });
    const thisYear = await insertMember(t.db, { membershipNumber: 'R-L1', lastName: 'Baker', paidThrough: year - 1 });
    const lastYear = await insertMember(t.db, { membershipNumber: 'R-L2', lastName: 'Clark', paidThrough: year - 2 });
    await insertMember(t.db, { membershipNumber: 'R-OLD', paidThrough: year - 5 });
    await insertMember(t.db, { membershipNumber: 'R-CUR', paidThrough: year + 1 });
    await insertMember(t.db, { membershipNumber: 'R-LIFE', membershipType: 'Life Member' });
    await insertMember(t.db, { membershipNumber: 'R-GONE', paidThrough: year - 1, deceasedOn: `${year}-01-01` });
    await t.db.updateTable('members').set({ phone: '(555) 555-0199' }).where('id', '=', due.id).execute();
    expect((await admin.post(`/api/members/${due.id}/payments`, { year, amount: 45, method: 'check', paidOn: `${year - 1}-11-02` })).statusCode).toBe(200);

    const note = await admin.post('/api/admin/renewals/contacts', { memberId: thisYear.id, note: 'Left a message', contactedOn: today });
    expect(note.statusCode).toBe(200);
    expect((await admin.post('/api/admin/renewals/contacts', { memberId: thisYear.id, note: '', contactedOn: today })).statusCode).toBe(400);
    expect((await admin.post('/api/admin/renewals/contacts', { memberId: 999999, note: 'x', contactedOn: today })).statusCode).toBe(404);

    const res = await admin.get('/api/admin/renewals');
    expect(res.statusCode).toBe(200);
    const r = res.json() as Renewals;
    expect(r.due.map((m) => m.membershipNumber)).toEqual(['R-DUE']);
    expect(r.lapsedThisYear.map((m) => m.membershipNumber)).toEqual(['R-L1']);
    expect(r.lapsedLastYear.map((m) => m.membershipNumber)).toEqual(['R-L2', 'R-OLD']);
    expect(r.due[0]).toMatchObject({
      phone: '(555) 555-0199',
      email: 'r-due@example.org',
      lastPayment: { year, amount: 45, method: 'check' },
      lastContact: null,
    });
    expect(r.lapsedThisYear[0]!.lastContact).toEqual({ note: 'Left a message', contactedOn: today });
    expect(lastYear.id).toBe(r.lapsedLastYear[0]!.memberId);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'renewal-contact').execute();
    expect(audit).toHaveLength(1);

    const csv = await admin.get('/api/admin/renewals.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Group,Last Name,First Name,Membership Number,Phone,Email,Paid Through,Last Payment,Contacted On,Contact Note');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'Renewal open',
      'Suspended or dropped this year',
      'Former members (last five years)',
      'Former members (last five years)',
    ]);
    expect(csv.body).toContain('Left a message');
    expect(csv.body).not.toContain('R-GONE');
    expect((await t.agent().get('/api/admin/renewals.csv')).statusCode).toBe(401);
  });
});
