import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';
import type { SmtpSink } from '../mail/smtp-sink.ts';
import { queueRenewalReminders } from '../renewals/reminders.ts';

// Issue 61 #1, #3, #6 (decision 0086): the Legion's dues states on a fixed clock, reminders written
// when sent and cancelled when no longer true, the Outbox's cancel, and bad input changing nothing.
let t: Awaited<ReturnType<typeof createMailTestApp>>['t'];
let sink: SmtpSink;
let admin: Agent;
const env = { siteUrl: 'https://post.example.org' };

beforeAll(async () => {
  ({ t, sink } = await createMailTestApp());
  admin = t.agent();
  await admin.loginAdmin();
  await patchSiteSettings(t.db, { timeZone: 'America/New_York', membership: { renewalUrl: 'https://pay.example.org/renew', remindersAutomatic: false } });
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

/** Fixes the clock at noon of a day in New York, and signs the administrator in on that day. */
const on = async (date: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T17:00:00Z`));
  admin = t.agent();
  await admin.loginAdmin();
};
// Sessions expire by the database's clock, so the fixed days lie ahead of today: years Y - 1, Y, Y + 1.
const Y = new Date().getFullYear() + 2;
const member = async (id: number) => ((await admin.get('/api/members')).json() as { id: number }[]).find((m) => m.id === id) as Record<string, unknown>;

describe('status as National keeps it', () => {
  it('is current, delinquent, suspended, dropped or life across the dates from Settings', async () => {
    const paid26 = await insertMember(t.db, { membershipNumber: 'S-26', paidThrough: Y });
    const paid25 = await insertMember(t.db, { membershipNumber: 'S-25', paidThrough: Y - 1 });
    const life = await insertMember(t.db, { membershipNumber: 'S-LIFE', membershipType: 'Life Member', paidThrough: null });
    const never = await insertMember(t.db, { membershipNumber: 'S-NONE', paidThrough: null });
    const cases: [string, number, string, boolean][] = [
      [`${Y}-06-30`, paid26.id, 'current', false],
      [`${Y}-07-01`, paid26.id, 'current', true],
      [`${Y}-01-01`, paid25.id, 'delinquent', true],
      [`${Y}-01-31`, paid25.id, 'delinquent', true],
      [`${Y}-02-01`, paid25.id, 'suspended', true],
      [`${Y}-06-29`, paid25.id, 'suspended', true],
      [`${Y}-06-30`, paid25.id, 'dropped', true],
      [`${Y}-03-01`, never.id, 'dropped', true],
      [`${Y}-03-01`, life.id, 'life', false],
    ];
    for (const [date, id, status, renewalOpen] of cases) {
      await on(date);
      expect({ date, ...(await member(id)) }).toMatchObject({ date, duesStatus: status, renewalOpen });
    }
    // The dates are Settings: a post whose department drops members on March 31.
    await patchSiteSettings(t.db, { membership: { droppedMonth: 3, droppedDay: 31, remindersAutomatic: false } });
    await on(`${Y}-03-31`);
    expect((await member(paid25.id)).duesStatus).toBe('dropped');
    await patchSiteSettings(t.db, { membership: { remindersAutomatic: false, renewalUrl: 'https://pay.example.org/renew' } });
  });

  it('counts continuous years from payments: the next year continues the run, a gap starts again', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'S-RUN', paidThrough: Y - 2 });
    await t.db.updateTable('members').set({ continuousYears: 7 }).where('id', '=', m.id).execute();
    const pay = (year: number) => admin.post(`/api/members/${m.id}/payments`, { year, amount: 45, method: 'check', paidOn: `${Y}-01-05` });
    expect((await pay(Y - 1)).statusCode).toBe(200);
    expect((await member(m.id)).continuousYears).toBe(8);
    expect((await pay(Y - 1)).statusCode).toBe(200);
    expect((await member(m.id)).continuousYears).toBe(8);
    expect((await pay(Y + 1)).statusCode).toBe(200);
    expect((await member(m.id)).continuousYears).toBe(1);
  });

  it('shows every member their standing in the portal, not only those who owe', async () => {
    await on(`${Y}-09-01`);
    await insertMember(t.db, { membershipNumber: 'S-PORTAL', paidThrough: Y + 1, hasOnlineAccess: true });
    const m = t.agent();
    await m.loginMember('S-PORTAL');
    expect((await m.get('/api/member/dues')).json()).toMatchObject({ paidThrough: Y + 1, duesStatus: 'current', renewalOpen: false, renewFor: null });
  });

  it('refuses to lower paid-through below a recorded payment unless confirmed (409, nothing changed)', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'S-LOW', paidThrough: Y });
    await admin.post(`/api/members/${m.id}/payments`, { year: Y + 1, amount: 45, method: 'cash', paidOn: `${Y}-08-01` });
    const refused = await admin.patch(`/api/members/${m.id}`, { paidThrough: Y });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`A payment for ${Y + 1} is recorded`);
    expect((await member(m.id)).paidThrough).toBe(Y + 1);
    expect((await admin.patch(`/api/members/${m.id}`, { paidThrough: Y, confirmLowerPaidThrough: true })).json().paidThrough).toBe(Y);
  });

  it('refuses a renewal target over 100 % with a 400 naming it, and keeps the settings', async () => {
    const { logo: _logo, ...before } = (await admin.get('/api/site-settings')).json();
    const res = await admin.put('/api/admin/site-settings', {
      ...before,
      membership: { ...before.membership, renewalTargets: [{ month: 9, day: 16, percent: 120 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cannot be over 100');
    expect((await admin.get('/api/site-settings')).json().membership.renewalTargets).toEqual(before.membership.renewalTargets);
  });
});

describe('mail that is true when it is sent', () => {
  const rowOf = (memberId: number) =>
    t.db.selectFrom('mailOutbox').selectAll().where('kind', '=', 'renewal-reminder').where('idempotencyKey', 'like', `%:${memberId}`).executeTakeFirstOrThrow();

  it('a reminder queued for a member who then pays is cancelled, with the reason, and never sent', async () => {
    await on(`${Y}-07-02`);
    const m = await insertMember(t.db, { membershipNumber: 'M-PAYS', paidThrough: Y });
    expect(await queueRenewalReminders(t.db, env, new Date(), { byAdministrator: true })).toBeGreaterThan(0);
    expect(await rowOf(m.id)).toMatchObject({ state: 'queued', textBody: null, template: 'renewal-reminder' });
    expect((await admin.post(`/api/members/${m.id}/payments`, { year: Y + 1, amount: 45, method: 'check', paidOn: `${Y}-07-02` })).statusCode).toBe(200);
    expect(await rowOf(m.id)).toMatchObject({ state: 'cancelled', lastError: `the member has paid for ${Y + 1}` });
    const listed = (await admin.get('/api/admin/outbox?state=cancelled')).json().items;
    expect(listed).toContainEqual(expect.objectContaining({ to: 'm-pays@example.org', lastError: `the member has paid for ${Y + 1}` }));
  });

  it('a reminder queued for a member who then dies is cancelled; one still true is written when sent, from the member as they are then', async () => {
    await on(`${Y}-07-02`);
    const dies = await insertMember(t.db, { membershipNumber: 'M-DIES', paidThrough: Y });
    const stays = await insertMember(t.db, { membershipNumber: 'M-STAYS', firstName: 'Lee', paidThrough: Y });
    await queueRenewalReminders(t.db, env, new Date(), { byAdministrator: true });
    expect((await admin.patch(`/api/members/${dies.id}`, { deceasedOn: `${Y}-07-01` })).statusCode).toBe(200);
    expect(await rowOf(dies.id)).toMatchObject({ state: 'cancelled', lastError: 'the member has died' });
    // Changed straight in the database (no hook runs): the worker still does not send it.
    await t.db.updateTable('members').set({ firstName: 'Leland' }).where('id', '=', stays.id).execute();
    const other = await insertMember(t.db, { membershipNumber: 'M-QUIET', paidThrough: Y });
    await queueRenewalReminders(t.db, env, new Date(), { byAdministrator: true });
    await t.db.updateTable('members').set({ isActive: false }).where('id', '=', other.id).execute();
    await t.app.mailWorker.runOnce();
    expect(await rowOf(other.id)).toMatchObject({ state: 'cancelled', lastError: 'the member is inactive' });
    expect(await rowOf(dies.id)).toMatchObject({ state: 'cancelled' });
    const sent = await rowOf(stays.id);
    expect(sent.state).toBe('sent');
    expect(sent.textBody).toContain('Dear Leland');
    expect(sent.textBody).not.toMatch(/\bdue\b/i);
    expect(sink.messages.some((msg) => JSON.stringify(msg.to).includes('m-dies@example.org'))).toBe(false);
  });

  it('"Send reminders now" previews the text and the number of people', async () => {
    await on(`${Y}-07-03`);
    await insertMember(t.db, { membershipNumber: 'M-PREVIEW', firstName: 'Ada', lastName: 'Preview', paidThrough: Y });
    const res = await admin.get('/api/admin/renewals/reminders/preview');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.count).toBeGreaterThanOrEqual(1);
    expect(p.subject).toBe(`Renew your membership for ${Y + 1}`);
    expect(p.text).toContain(`Renewal for ${Y + 1} is open`);
  });

  it('an administrator cancels a queued message (200, cancelled); one already sent is 409 and stays sent', async () => {
    const [queued] = await t.db
      .insertInto('mailOutbox')
      .values({
        idempotencyKey: 'cancel-me',
        kind: 'test',
        toAddress: 'x@example.org',
        subject: 'Hi',
        html: '<p>Hi</p>',
        textBody: 'Hi',
        notBefore: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .execute();
    const res = await admin.post(`/api/admin/outbox/${queued!.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: queued!.id, state: 'cancelled' });
    expect((await admin.get(`/api/admin/outbox/${queued!.id}`)).json().state).toBe('cancelled');
    expect((await admin.post(`/api/admin/outbox/${queued!.id}/cancel`)).statusCode).toBe(409);

    const sent = await t.db.selectFrom('mailOutbox').select('id').where('state', '=', 'sent').executeTakeFirstOrThrow();
    const refused = await admin.post(`/api/admin/outbox/${sent.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a queued message can be cancelled; this one is sent.');
    expect((await t.db.selectFrom('mailOutbox').select('state').where('id', '=', sent.id).executeTakeFirstOrThrow()).state).toBe('sent');
    expect((await admin.post('/api/admin/outbox/999999/cancel')).statusCode).toBe(404);
    expect((await t.agent().post(`/api/admin/outbox/${sent.id}/cancel`)).statusCode).toBe(401);
  });
});
