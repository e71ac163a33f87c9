import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import type { MembershipSettings } from '@post/contracts/membership-settings';
import type { RenewalReminderPreview, RenewalReminders } from '@post/contracts/renewals';
import { renewalCalendar } from '@post/contracts/membership-settings';
import { duesDates } from '@post/contracts/rules/dues';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { sql } from 'kysely';
import { enqueue } from '../mail/outbox.ts';
import { renderQueued, renewalReminderObsolete } from '../mail/render-queued.ts';
import { duesClock, duesOf, type DuesClock } from '../members/dues.ts';

// Renewal reminders (issue 45 #2, decision 0065): at the times Settings names, once per member per
// reminder and year (the outbox's idempotency key), never to departed, inactive or opted-out members.

/** Each reminder goes out during this many days from its day, so a pass missed (a stopped server) still sends it. */
const SEND_DAYS = 30;
const KIND = 'renewal-reminder';
const LABELS = { opening: 'Renewals open', 'before-grace': 'Before grace ends', lapse: 'On lapse' } as const;
type Reminder = keyof typeof LABELS;

const dayNo = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
const on = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The reminders in effect today, each with the paid-through year it is for. */
function remindersToday(clock: DuesClock, s: MembershipSettings): { reminder: Reminder; paidThrough: number; renewFor: number }[] {
  const today = dayNo(clock.date);
  const y = clock.year;
  const out: { reminder: Reminder; paidThrough: number; renewFor: number }[] = [];
  const opens = dayNo(on(y, s.renewalOpensMonth, s.renewalOpensDay));
  if (s.remindAtOpening && today >= opens && today < opens + SEND_DAYS) out.push({ reminder: 'opening', paidThrough: y, renewFor: y + 1 });
  // The next last day of grace on or after today: this year's, or next year's.
  const graceYear = today <= dayNo(on(y, s.graceEndsMonth, s.graceEndsDay)) ? y : y + 1;
  const grace = dayNo(on(graceYear, s.graceEndsMonth, s.graceEndsDay));
  if (s.remindDaysBeforeGraceEnds > 0 && today >= grace - s.remindDaysBeforeGraceEnds && today <= grace)
    out.push({ reminder: 'before-grace', paidThrough: graceYear - 1, renewFor: graceYear });
  const lapse = dayNo(on(y, s.graceEndsMonth, s.graceEndsDay)) + 1;
  if (s.remindAtLapse && today >= lapse && today < lapse + SEND_DAYS) out.push({ reminder: 'lapse', paidThrough: y - 1, renewFor: y });
  return out;
}

/**
 * Anniversary dues (decision 0098): the reminders due today for one member, at the same times
 * counted from their own renewal's dates (the dues rule's, from the day paid through).
 */
function anniversaryReminders(paidThrough: string, clock: DuesClock, s: MembershipSettings): { reminder: Reminder; renewFor: number }[] {
  const today = dayNo(clock.date);
  const d = duesDates(paidThrough, clock.cal);
  const [opens, grace] = [dayNo(d.opens), dayNo(d.graceEnds)];
  const renewFor = Number(paidThrough.slice(0, 4)) + 1;
  const out: { reminder: Reminder; renewFor: number }[] = [];
  if (s.remindAtOpening && today >= opens && today < opens + SEND_DAYS) out.push({ reminder: 'opening', renewFor });
  if (s.remindDaysBeforeGraceEnds > 0 && today >= grace - s.remindDaysBeforeGraceEnds && today <= grace) out.push({ reminder: 'before-grace', renewFor });
  if (s.remindAtLapse && today > grace && today <= grace + SEND_DAYS) out.push({ reminder: 'lapse', renewFor });
  return out;
}

const keyOf = (reminder: Reminder, renewFor: number, memberId: number) => `${KIND}:${reminder}:${renewFor}:${memberId}`;

/** Who the reminders in effect today go to and have not gone to yet: the next batch. */
async function nextBatch(db: DB, clock: DuesClock, s: MembershipSettings) {
  const anniversary = clock.cal.basis === 'anniversary';
  const due = anniversary ? [] : remindersToday(clock, s);
  if (!anniversary && due.length === 0) return [];
  let q = db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'email', 'membershipNumber', 'membershipType', 'paidThrough', 'paidThroughOn'])
    .where('deceasedOn', 'is', null)
    .where('isActive', '=', true)
    .where('renewalReminders', '=', true)
    .where('email', 'like', '%@%');
  // Anniversary dues: anyone paid through a year before last or later may have a reminder due (decision 0098).
  q = anniversary
    ? q.where('paidThrough', '>=', clock.year - 2)
    : q.where(
        'paidThrough',
        'in',
        due.map((d) => d.paidThrough),
      );
  const members = await q.orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const batch = members.flatMap((m) => {
    const dues = duesOf(m, clock);
    if (!dues.renewalOpen || dues.status === 'life') return [];
    const today = !anniversary
      ? due.filter((d) => d.paidThrough === m.paidThrough)
      : dues.paidThroughOn
        ? anniversaryReminders(dues.paidThroughOn, clock, s)
        : [];
    return today.map((d) => ({ member: m, ...d, key: keyOf(d.reminder, d.renewFor, m.id) }));
  });
  if (batch.length === 0) return [];
  const sent = new Set(
    (
      await db
        .selectFrom('mailOutbox')
        .select('idempotencyKey')
        .where(
          'idempotencyKey',
          'in',
          batch.map((b) => b.key),
        )
        .execute()
    ).map((r) => r.idempotencyKey),
  );
  return batch.filter((b) => !sent.has(b.key));
}

/**
 * Queues today's reminders; returns how many were queued. Each is queued by template and written
 * when it is sent (decision 0086). The mail worker's periodic pass queues them only when Settings
 * sends automatically; an administrator's "Send reminders now" (`byAdministrator`) always.
 */
export async function queueRenewalReminders(
  db: DB,
  env: Pick<Env, 'siteUrl'>,
  now: Date = new Date(),
  opts: { byAdministrator?: boolean } = {},
): Promise<number> {
  const settings = await getSettings(db);
  await cancelStaleReminders(db, undefined, now);
  if (!settings.membership.remindersAutomatic && !opts.byAdministrator) return 0;
  const clock = await duesClock(db, now);
  const batch = await nextBatch(db, clock, settings.membership);
  let queued = 0;
  for (const b of batch) {
    const params = { baseUrl: env.siteUrl, memberId: b.member.id, renewFor: b.renewFor };
    if (await enqueue(db, { idempotencyKey: b.key, kind: KIND, to: b.member.email, template: 'renewal-reminder', params })) queued++;
  }
  return queued;
}

/**
 * Cancels each queued renewal reminder that must no longer go (the member paid, died, became
 * inactive or opted out), with the reason in the Outbox (decision 0086); for some members, or all.
 * Returns how many were cancelled.
 */
export async function cancelStaleReminders(db: DB, memberIds?: number[], now: Date = new Date()): Promise<number> {
  if (memberIds && memberIds.length === 0) return 0;
  let q = db
    .selectFrom('mailOutbox')
    .select(['id', 'params'])
    .where('kind', '=', KIND)
    .where('state', '=', 'queued')
    .where('template', '=', 'renewal-reminder');
  if (memberIds) q = q.where(sql<number>`(params->>'memberId')::int`, 'in', memberIds);
  const rows = await q.execute();
  if (rows.length === 0) return 0;
  const settings = await getSettings(db);
  const clock = await duesClock(db, now);
  const refs = rows.map((r) => ({ id: Number(r.id), ...(r.params as { memberId: number; renewFor: number }) }));
  const members = new Map(
    (
      await db
        .selectFrom('members')
        .select(['id', 'paidThrough', 'paidThroughOn', 'membershipType', 'deceasedOn', 'isActive', 'renewalReminders'])
        .where(
          'id',
          'in',
          refs.map((r) => r.memberId),
        )
        .execute()
    ).map((m) => [m.id, m]),
  );
  let cancelled = 0;
  for (const r of refs) {
    const why = renewalReminderObsolete(members.get(r.memberId), r.renewFor, clock.date, settings);
    if (!why) continue;
    const done = await db
      .updateTable('mailOutbox')
      .set({ state: 'cancelled', lastError: why, updatedAt: new Date() })
      .where('id', '=', r.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    cancelled += Number(done.numUpdatedRows);
  }
  return cancelled;
}

/** What "Send reminders now" would send: how many, and the first one's text as it would be written now (decision 0086). */
export async function previewRenewalReminders(db: DB, env: Pick<Env, 'siteUrl'> & { mail: { linkSecret: string } }, now: Date = new Date()) {
  const settings = await getSettings(db);
  const clock = await duesClock(db, now);
  const batch = await nextBatch(db, clock, settings.membership);
  const first = batch[0];
  if (!first) return { count: 0, to: null, subject: null, text: null };
  const r = await renderQueued(
    'renewal-reminder',
    { baseUrl: env.siteUrl, memberId: first.member.id, renewFor: first.renewFor },
    { settings, linkSecret: env.mail.linkSecret, db },
  );
  return { count: batch.length, to: `${first.member.firstName} ${first.member.lastName}`, subject: r.subject, text: r.text };
}

/**
 * What saving Settings with these membership settings would queue (decision 0095): the reminders
 * due under them that are not due already under the stored ones (those the Renewals screen shows),
 * with the first written as it would go. Nothing when automatic sending is off.
 */
export async function remindersOnSave(
  db: DB,
  env: Pick<Env, 'siteUrl'> & { mail: { linkSecret: string } },
  proposed: MembershipSettings,
  now: Date = new Date(),
): Promise<RenewalReminderPreview & { keys: string[] }> {
  const none = { count: 0, to: null, subject: null, text: null, keys: [] };
  if (!proposed.remindersAutomatic) return none;
  const settings = await getSettings(db);
  const stored = await duesClock(db, now);
  const before = settings.membership.remindersAutomatic ? new Set((await nextBatch(db, stored, settings.membership)).map((b) => b.key)) : new Set();
  const batch = (await nextBatch(db, { ...stored, cal: renewalCalendar(proposed) }, proposed)).filter((b) => !before.has(b.key));
  const first = batch[0];
  if (!first) return none;
  const r = await renderQueued(
    'renewal-reminder',
    { baseUrl: env.siteUrl, memberId: first.member.id, renewFor: first.renewFor },
    { settings: { ...settings, membership: proposed }, linkSecret: env.mail.linkSecret, db },
  );
  return { count: batch.length, to: `${first.member.firstName} ${first.member.lastName}`, subject: r.subject, text: r.text, keys: batch.map((b) => b.key) };
}

/** The next batch (what the next pass would queue) and the reminders already queued, newest first. */
export async function renewalReminders(db: DB, now: Date = new Date()): Promise<RenewalReminders> {
  const settings = await getSettings(db);
  const clock = await duesClock(db, now);
  const next = (await nextBatch(db, clock, settings.membership)).map((b) => ({
    memberId: b.member.id,
    name: `${b.member.firstName} ${b.member.lastName}`,
    reminder: LABELS[b.reminder],
    renewFor: b.renewFor,
  }));
  const rows = await db
    .selectFrom('mailOutbox')
    .select(['idempotencyKey', 'toAddress', 'createdAt', 'sentAt', 'state', 'lastError'])
    .where('kind', '=', KIND)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const ids = rows.map((r) => Number(r.idempotencyKey.split(':')[3]));
  const names = new Map(
    ids.length
      ? (await db.selectFrom('members').select(['id', 'firstName', 'lastName']).where('id', 'in', ids).execute()).map((m) => [
          m.id,
          `${m.firstName} ${m.lastName}`,
        ])
      : [],
  );
  const sent = rows.map((r, i) => {
    const [, reminder, renewFor] = r.idempotencyKey.split(':') as [string, Reminder, string];
    return {
      memberId: ids[i]!,
      name: names.get(ids[i]!) ?? r.toAddress,
      reminder: LABELS[reminder] ?? reminder,
      renewFor: Number(renewFor),
      queuedAt: new Date(r.createdAt).toISOString(),
      sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      state: r.state,
      cancelledBecause: r.state === 'cancelled' ? r.lastError : null,
    };
  });
  return { automatic: settings.membership.remindersAutomatic, next, sent };
}
