import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToZoned } from '@post/contracts/rules/event-time';
import type { BuddyCheck } from '@post/contracts/buddy-check';
import { createTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';
import { buddyCheckReachedCount } from './buddy-check.service.ts';

// Buddy Check (issue 61 #4, decision 0086) and the honor roll the family agrees to (#5).
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const today = utcToZoned(new Date(), 'America/New_York').date;
const year = Number(today.slice(0, 4));
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
  await patchSiteSettings(t.db, { timeZone: 'America/New_York' });
  for (const [n, fields] of [
    ['ADA', { firstName: 'Ada', lastName: 'Abbott', paidThrough: year + 1 }],
    ['BEN', { firstName: 'Ben', lastName: 'Baker', paidThrough: year + 1 }],
    ['CALLER', { firstName: 'Cal', lastName: 'Caller', paidThrough: year + 1, hasOnlineAccess: true, postRole: 'Adjutant' }],
    ['FORMER', { firstName: 'Fay', lastName: 'Former', paidThrough: year - 3 }],
    ['OLD', { firstName: 'Old', lastName: 'Timer', paidThrough: year - 9 }],
    ['GONE', { firstName: 'Gil', lastName: 'Gone', paidThrough: year, deceasedOn: `${year}-01-02` }],
  ] as const) {
    ids[n] = (await insertMember(t.db, { membershipNumber: `BC-${n}`, ...fields })).id;
  }
});
afterAll(async () => t?.close());

describe('Buddy Check campaigns', () => {
  let campaign: number;

  it('starts a campaign of the living members and, by choice, former members of the last five years', async () => {
    const members = await admin.post('/api/admin/buddy-checks', { name: 'Members only' });
    expect(members.statusCode).toBe(200);
    const only = (await admin.get(`/api/admin/buddy-checks/${members.json().id}`)).json() as BuddyCheck;
    expect(only.calls.map((c) => c.memberId).sort()).toEqual([ids.ADA, ids.BEN, ids.CALLER].sort());

    const res = await admin.post('/api/admin/buddy-checks', { name: 'Veterans Day', includeFormer: true });
    campaign = res.json().id;
    const c = (await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck;
    expect(c).toMatchObject({ id: campaign, name: 'Veterans Day' });
    expect(c.calls.map((k) => k.name)).toEqual(['Ada Abbott', 'Ben Baker', 'Cal Caller', 'Fay Former']);
    expect(c.calls[3]).toMatchObject({ memberId: ids.FORMER, former: true, callerId: null, outcome: null, lastOutcome: null });
    expect((await admin.post('/api/admin/buddy-checks', { name: '  ' })).statusCode).toBe(400);
  });

  it('splits the calls among callers, who see and record their own from the portal; another’s call is 404', async () => {
    const callers = (await admin.get('/api/admin/buddy-checks/callers')).json();
    // Officers first, then members with portal access; never a departed member.
    expect(callers[0]).toEqual({ id: ids.CALLER, name: 'Cal Caller', postRole: 'Adjutant' });
    expect(callers.map((c: { id: number }) => c.id)).not.toContain(ids.GONE);
    expect((await admin.post(`/api/admin/buddy-checks/${campaign}/assign`, { splitAmong: [ids.GONE] })).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/buddy-checks/${campaign}/assign`, { splitAmong: [ids.CALLER] })).json()).toEqual({ assigned: 4 });

    const caller = t.agent();
    await caller.loginMember('BC-CALLER');
    const mine = (await caller.get('/api/member/buddy-checks/calls')).json();
    expect(mine).toHaveLength(4);
    // Another member's dues are the administrators' business: a caller sees no paid-through year (decision 0095).
    for (const k of mine) expect(Object.keys(k)).not.toEqual(expect.arrayContaining(['paidThrough']));
    expect(JSON.stringify(mine)).not.toMatch(/paidThrough|lifeMember/);
    const ada = mine.find((k: { memberId: number }) => k.memberId === ids.ADA);
    const ben = mine.find((k: { memberId: number }) => k.memberId === ids.BEN);
    const fay = mine.find((k: { memberId: number }) => k.memberId === ids.FORMER);
    expect((await caller.put(`/api/member/buddy-checks/calls/${ada.id}`, { outcome: 'reached' })).json()).toMatchObject({
      outcome: 'reached',
      calledOn: today,
    });
    const help = await caller.put(`/api/member/buddy-checks/calls/${ben.id}`, { outcome: 'needs-help', note: 'Needs a ride to the VA clinic' });
    expect(help.json()).toMatchObject({ outcome: 'needs-help', note: 'Needs a ride to the VA clinic', followedUp: false });
    expect((await caller.put(`/api/member/buddy-checks/calls/${fay.id}`, { outcome: 'deceased' })).statusCode).toBe(200);

    expect(JSON.stringify((await caller.put(`/api/member/buddy-checks/calls/${ada.id}`, { outcome: 'reached' })).json())).not.toContain('paidThrough');
    // Bad input changes nothing: an unknown outcome is 400, a call not on the caller's list 404.
    const bad = await caller.put(`/api/member/buddy-checks/calls/${ada.id}`, { outcome: 'busy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose an outcome');
    const other = await admin.post('/api/admin/buddy-checks', { name: 'Spring' });
    const otherCall = ((await admin.get(`/api/admin/buddy-checks/${other.json().id}`)).json() as BuddyCheck).calls[0]!;
    expect((await caller.put(`/api/member/buddy-checks/calls/${otherCall.id}`, { outcome: 'reached' })).statusCode).toBe(404);
    expect((await t.agent().get('/api/member/buddy-checks/calls')).statusCode).toBe(401);

    const c = (await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck;
    expect(c.calls.map((k) => [k.name, k.callerName, k.outcome])).toEqual([
      ['Ada Abbott', 'Cal Caller', 'reached'],
      ['Ben Baker', 'Cal Caller', 'needs-help'],
      ['Cal Caller', 'Cal Caller', null],
      ['Fay Former', 'Cal Caller', 'deceased'],
    ]);
    // The administrator's card has the member's paid-through year, and takes a payment on the call (decision 0095).
    expect(c.calls.find((k) => k.memberId === ids.FORMER)).toMatchObject({ paidThrough: year - 3, lifeMember: false });
    const paid = await admin.post(`/api/members/${ids.FORMER}/payments`, { year, amount: '45.00', method: 'cash', paidOn: today });
    expect(paid.statusCode).toBe(200);
    const after = ((await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck).calls.find((k) => k.memberId === ids.FORMER)!;
    expect(after).toMatchObject({ paidThrough: year, former: false });
    // The next campaign shows each member's last outcome.
    const spring = (await admin.get(`/api/admin/buddy-checks/${other.json().id}`)).json() as BuddyCheck;
    expect(spring.calls.find((k) => k.memberId === ids.ADA)!.lastOutcome).toBe('reached');
  });

  it('an administrator records a call; "needs help" flags the dashboard until followed up; "deceased" starts the honor-roll step', async () => {
    const c = (await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck;
    const cal = c.calls.find((k) => k.memberId === ids.CALLER)!;
    const res = await admin.put(`/api/admin/buddy-checks/${campaign}/calls/${cal.id}`, { outcome: 'message' });
    expect(res.statusCode).toBe(200);
    expect((await admin.put(`/api/admin/buddy-checks/${campaign}/calls/${cal.id}`, { outcome: 'nope' })).statusCode).toBe(400);
    expect(((await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck).calls.find((k) => k.id === cal.id)!.outcome).toBe('message');

    const flags = (await admin.get('/api/admin/buddy-checks/needs-help')).json();
    expect(flags).toEqual([expect.objectContaining({ memberId: ids.BEN, note: 'Needs a ride to the VA clinic' })]);
    await admin.post(`/api/admin/buddy-checks/${campaign}/calls/${flags[0].callId}/follow-up`);
    expect((await admin.get('/api/admin/buddy-checks/needs-help')).json()).toEqual([]);

    const drafts = (await admin.get('/api/admin/honor-roll')).json();
    expect(drafts).toContainEqual(expect.objectContaining({ memberId: ids.FORMER, deceasedOn: null, published: false }));
  });

  it('counts each reached call once, in its program year, for the CPR', async () => {
    const c = (await admin.get(`/api/admin/buddy-checks/${campaign}`)).json() as BuddyCheck;
    const ada = c.calls.find((k) => k.memberId === ids.ADA)!;
    expect(await buddyCheckReachedCount(t.db, today, today)).toBe(1);
    // The CPR's "Buddy Checks made" line of this program year (June-May) counts it.
    const cprYear = Number(today.slice(5, 7)) >= 6 ? year : year - 1;
    const cpr = (await admin.get(`/api/admin/reports/service?year=${cprYear}&form=legion-cpr`)).json();
    expect(cpr.lines.find((l: { key: string }) => l.key === 'buddy-checks').value).toBe(1);
    // Recorded again (a correction), it still counts once, on the day first recorded.
    await admin.put(`/api/admin/buddy-checks/${campaign}/calls/${ada.id}`, { outcome: 'reached' });
    expect(await buddyCheckReachedCount(t.db, `${year - 1}-06-01`, `${year + 1}-05-31`)).toBe(1);
    await t.db
      .updateTable('buddyCheckCalls')
      .set({ calledOn: `${year - 2}-03-15` })
      .where('id', '=', ada.id)
      .execute();
    expect(await buddyCheckReachedCount(t.db, `${year - 1}-06-01`, `${year + 1}-05-31`)).toBe(0);
    expect(await buddyCheckReachedCount(t.db, `${year - 3}-06-01`, `${year - 2}-05-31`)).toBe(1);
  });
});

describe('an honor roll the family agrees to', () => {
  it('a date of death makes a draft; publishing needs the family’s consent (400 without); unpublish takes it down', async () => {
    const list = async () => ((await t.agent().get('/api/honor-roll')).json() as { id: number }[]).map((e) => e.id);
    expect(await list()).not.toContain(ids.GONE);
    const draft = (await admin.get('/api/admin/honor-roll')).json().find((d: { memberId: number }) => d.memberId === ids.GONE);
    expect(draft).toMatchObject({ published: false, familyConsent: false, deathReportedOn: null });

    const refused = await admin.post(`/api/admin/honor-roll/${ids.GONE}/publish`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('consent');
    expect((await admin.post(`/api/admin/honor-roll/${ids.GONE}/publish`, { familyConsent: false })).statusCode).toBe(400);
    expect(await list()).not.toContain(ids.GONE);

    const edit = await admin.patch(`/api/admin/honor-roll/${ids.GONE}`, {
      offices: 'Post Commander 1998-1999\nChaplain 2005-2010',
      nextOfKin: 'Gail Gone, (555) 555-0100',
      deathReportedOn: today,
    });
    expect(edit.json()).toMatchObject({ deathReportedOn: today, nextOfKin: 'Gail Gone, (555) 555-0100' });
    const ok = await admin.post(`/api/admin/honor-roll/${ids.GONE}/publish`, { familyConsent: true, ceremonyDate: `${year}-11-11` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ published: true, familyConsent: true, ceremonyDate: `${year}-11-11` });
    const entry = (await t.agent().get(`/api/honor-roll/${ids.GONE}`)).json();
    expect(entry).toMatchObject({ offices: ['Post Commander 1998-1999', 'Chaplain 2005-2010'], ceremonyDate: `${year}-11-11` });
    expect(JSON.stringify(entry)).not.toContain('555-0100');
    expect(await list()).toContain(ids.GONE);

    expect((await admin.post(`/api/admin/honor-roll/${ids.GONE}/unpublish`, {})).json().published).toBe(false);
    expect(await list()).not.toContain(ids.GONE);
    expect((await t.agent().get(`/api/honor-roll/${ids.GONE}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/honor-roll/${ids.ADA}/publish`, { familyConsent: true })).statusCode).toBe(400);
  });

  it('the editor keeps continuous years on the member’s record and the public entry shows them; a bad figure is a 400 naming it (decision 0095)', async () => {
    const set = await admin.patch(`/api/admin/honor-roll/${ids.GONE}`, { continuousYears: 41 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ continuousYears: 41 });
    expect((await t.db.selectFrom('members').select('continuousYears').where('id', '=', ids.GONE).executeTakeFirstOrThrow()).continuousYears).toBe(41);
    for (const bad of [-1, 2.5, 151, 'many']) {
      const res = await admin.patch(`/api/admin/honor-roll/${ids.GONE}`, { continuousYears: bad, offices: 'Not saved' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.body).toContain('Continuous years');
    }
    expect((await admin.get('/api/admin/honor-roll')).json().find((d: { memberId: number }) => d.memberId === ids.GONE)).toMatchObject({
      continuousYears: 41,
      offices: 'Post Commander 1998-1999\nChaplain 2005-2010',
    });
    await admin.post(`/api/admin/honor-roll/${ids.GONE}/publish`, { familyConsent: true });
    expect((await t.agent().get(`/api/honor-roll/${ids.GONE}`)).json().continuousYears).toBe(41);
    expect((await admin.patch(`/api/admin/honor-roll/${ids.GONE}`, { continuousYears: null })).json().continuousYears).toBeNull();
    await admin.post(`/api/admin/honor-roll/${ids.GONE}/unpublish`, {});
  });

  it('a date of death recorded now makes a draft, not a public entry', async () => {
    expect((await admin.patch(`/api/members/${ids.BEN}`, { deceasedOn: today })).statusCode).toBe(200);
    expect(((await t.agent().get('/api/honor-roll')).json() as { id: number }[]).map((e) => e.id)).not.toContain(ids.BEN);
    expect((await admin.get('/api/admin/honor-roll')).json()).toContainEqual(expect.objectContaining({ memberId: ids.BEN, published: false }));
  });
});
