import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { createTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';
import { queueRenewalReminders, renewalReminders } from './reminders.ts';

// Renewal reminders (issue 45 #2, decision 0065): at the times Settings names, once per member per
// reminder, never to departed, inactive or opted-out members (nor to Life Members or the current).
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const env = { siteUrl: 'https://post.example.org' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
  await patchSiteSettings(t.db, {
    timeZone: 'America/New_York',
    membership: {
      renewalOpensMonth: 7,
      renewalOpensDay: 1,
      graceEndsMonth: 1,
      graceEndsDay: 31,
      renewalUrl: 'https://pay.example.org/renew',
      duesAmount: '45.00',
      remindAtOpening: true,
      remindDaysBeforeGraceEnds: 30,
      remindAtLapse: true,
    },
  });
  for (const [n, fields] of [
    ['DUE', { paidThrough: 2026 }],
    ['GONE', { paidThrough: 2026, deceasedOn: '2026-05-01' }],
    ['OFF', { paidThrough: 2026, isActive: false }],
    ['OPTOUT', { paidThrough: 2026 }],
    ['LIFE', { membershipType: 'Life Member', paidThrough: 2026 }],
    ['PAID', { paidThrough: 2027 }],
    ['LAPSED', { paidThrough: 2025 }],
  ] as const) {
    ids[n] = (await insertMember(t.db, { membershipNumber: `RR-${n}`, ...fields })).id;
  }
});
afterAll(async () => t?.close());

const outbox = () => t.db.selectFrom('mailOutbox').selectAll().where('kind', '=', 'renewal-reminder').orderBy('id').execute();

describe('renewal reminders', () => {
  it('lets a member turn reminders off in the portal, leaving their other choice', async () => {
    const member = t.agent();
    await member.loginMember('RR-OPTOUT');
    const res = await member.post('/api/member/mail-preferences', { renewalReminders: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ emailNotices: true, renewalReminders: false });
    expect((await member.get('/api/member/mail-preferences')).json()).toEqual({ emailNotices: true, renewalReminders: false });
    expect((await member.post('/api/member/mail-preferences', { renewalReminders: 'no' })).statusCode).toBe(400);
  });

  it('when the window opens: previews the batch, queues it once, to due members only, with number, amount and link', async () => {
    const opening = new Date('2026-07-02T16:00:00Z');
    const preview = await renewalReminders(t.db, opening);
    expect(preview.next.map((n) => n.memberId)).toEqual([ids.DUE]);
    expect(preview.next[0]).toMatchObject({ reminder: 'Renewals open', renewFor: 2027 });

    expect(await queueRenewalReminders(t.db, env, opening)).toBe(1);
    expect(await queueRenewalReminders(t.db, env, new Date('2026-07-09T16:00:00Z'))).toBe(0);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    // Written when sent (decision 0086): the Outbox shows it as it would be written now.
    expect(rows[0]).toMatchObject({ toAddress: 'rr-due@example.org', subject: 'Renew your membership for 2027', textBody: null, template: 'renewal-reminder' });
    const shown = (await admin.get(`/api/admin/outbox/${rows[0]!.id}`)).json();
    expect(shown.subject).toBe('Renew your membership for 2027');
    expect(shown.text).toContain('RR-DUE');
    expect(shown.text).toContain('$45.00');
    expect(shown.html).toContain('https://pay.example.org/renew');

    const after = await renewalReminders(t.db, opening);
    expect(after.next).toEqual([]);
    expect(after.sent).toEqual([expect.objectContaining({ memberId: ids.DUE, reminder: 'Renewals open', renewFor: 2027, sentAt: null })]);
    // Long after the opening, nothing is queued for it.
    expect(await queueRenewalReminders(t.db, env, new Date('2026-10-01T16:00:00Z'))).toBe(0);
  });

  it('before grace ends and on lapse, each once, never to the excluded', async () => {
    expect(await queueRenewalReminders(t.db, env, new Date('2027-01-10T16:00:00Z'))).toBe(1);
    expect(await queueRenewalReminders(t.db, env, new Date('2027-01-20T16:00:00Z'))).toBe(0);
    // On lapse (February 1): the member paid through last year, lapsed now.
    expect(await queueRenewalReminders(t.db, env, new Date('2026-02-02T16:00:00Z'))).toBe(1);
    const rows = await outbox();
    expect(rows.map((r) => r.idempotencyKey)).toEqual([
      `renewal-reminder:opening:2027:${ids.DUE}`,
      `renewal-reminder:before-grace:2027:${ids.DUE}`,
      `renewal-reminder:lapse:2026:${ids.LAPSED}`,
    ]);
    const excluded = ['GONE', 'OFF', 'OPTOUT', 'LIFE', 'PAID'].map((n) => `rr-${n.toLowerCase()}@example.org`);
    for (const r of rows) expect(excluded).not.toContain(r.toAddress);
  });

  it('shows administrators the batch and the history; nobody else', async () => {
    const res = await admin.get('/api/admin/renewals/reminders');
    expect(res.statusCode).toBe(200);
    expect(res.json().sent).toHaveLength(3);
    expect((await t.agent().get('/api/admin/renewals/reminders')).statusCode).toBe(401);
  });

  it('waits for an administrator when Settings turns automatic sending off: Send reminders now queues the batch, once', async () => {
    const today = utcToZoned(new Date(), 'America/New_York').date;
    const [year, month, day] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)), Number(today.slice(8, 10))];
    // Renewals open today (grace ends on January 1, before any opening but on its own day).
    if (month === 1 && day <= 1) return;
    const calendar = { renewalOpensMonth: month, renewalOpensDay: Math.min(day, 28), graceEndsMonth: 1, graceEndsDay: 1, remindAtOpening: true };
    await patchSiteSettings(t.db, { membership: { ...calendar, remindersAutomatic: false } });
    const now = await insertMember(t.db, { membershipNumber: 'RR-NOW', paidThrough: year });
    const key = `renewal-reminder:opening:${year + 1}:${now.id}`;
    // The worker's pass leaves it to the administrator.
    expect(await queueRenewalReminders(t.db, env)).toBe(0);
    const preview = (await admin.get('/api/admin/renewals/reminders')).json();
    expect(preview.automatic).toBe(false);
    expect(preview.next).toContainEqual({ memberId: now.id, name: 'Pat Doe', reminder: 'Renewals open', renewFor: year + 1 });

    const sent = await admin.post('/api/admin/renewals/reminders/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().queued).toBe(preview.next.length);
    expect((await outbox()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    // Sent again (a second tap, or the worker once automatic), nobody is reminded twice.
    expect((await admin.post('/api/admin/renewals/reminders/send')).json()).toEqual({ queued: 0 });
    await patchSiteSettings(t.db, { membership: { ...calendar, remindersAutomatic: true } });
    expect(await queueRenewalReminders(t.db, env)).toBe(0);
    expect((await outbox()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'renewal-reminder').orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.changes])).toEqual([
      ['send', { queued: { old: null, new: preview.next.length } }],
      ['send', { queued: { old: null, new: 0 } }],
    ]);
    expect((await t.agent().post('/api/admin/renewals/reminders/send')).statusCode).toBe(401);
  });
});
