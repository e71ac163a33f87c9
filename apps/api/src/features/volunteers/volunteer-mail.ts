import type { DB, MailAttachment } from '@post/db';
import type { Env } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { buildCalendar } from '../events/events.ics.ts';
import { formatEventTime } from '../mail/context.ts';
import { enqueue, hashToken, newToken, storeToken } from '../mail/outbox.ts';
import { eventChanged, senderFrom, signupRemoved, volunteerConfirmation, volunteerReminder } from '../mail/templates.ts';
import type { CalendarEventRow } from '../events/events.service.ts';

/** Purpose of the token in a volunteer's cancel link. */
export const CANCEL_PURPOSE = 'volunteer-cancel';

/** An event as the volunteer messages need it: what its iCalendar file needs. */
export type MailEvent = CalendarEventRow;

export async function loadMailEvent(db: DB, eventId: number): Promise<MailEvent | undefined> {
  const e = await db
    .selectFrom('events')
    .select(['id', 'title', 'description', 'location', 'startDate', 'endDate', 'sequence', 'createdAt', 'updatedAt'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!e) return undefined;
  return { ...e, startDate: new Date(e.startDate), endDate: new Date(e.endDate), createdAt: new Date(e.createdAt), updatedAt: new Date(e.updatedAt) };
}

/** A volunteer's confirmation, rendered before the sign-up's transaction so it holds no lock while rendering. */
export interface PreparedConfirmation {
  token: { token: string; hash: string };
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  expiresAt: Date;
}

export async function prepareConfirmation(
  db: DB,
  baseUrl: string,
  event: MailEvent,
  volunteer: { name: string; role: string | null },
): Promise<PreparedConfirmation> {
  const settings = await getSettings(db);
  const token = newToken();
  const cancelUrl = `${baseUrl}/volunteer/cancel?token=${token.token}`;
  const rendered = await volunteerConfirmation({
    sender: senderFrom(settings, baseUrl),
    name: volunteer.name,
    role: volunteer.role,
    event: { title: event.title, when: formatEventTime(event.startDate, event.endDate, settings.timeZone), location: event.location },
    cancelUrl,
  });
  const ics = buildCalendar([event], { postName: settings.postName, timeZone: settings.timeZone, baseUrl });
  return {
    token,
    ...rendered,
    attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    expiresAt: event.endDate,
  };
}

/** Queues a prepared confirmation for a new sign-up, in the sign-up's transaction. */
export async function queueConfirmation(trx: DB, prepared: PreparedConfirmation, volunteerId: number, to: string): Promise<void> {
  await storeToken(trx, prepared.token.hash, CANCEL_PURPOSE, volunteerId, prepared.expiresAt);
  await enqueue(trx, {
    idempotencyKey: `volunteer-confirmation:${volunteerId}`,
    kind: 'volunteer-confirmation',
    to,
    subject: prepared.subject,
    html: prepared.html,
    text: prepared.text,
    attachments: prepared.attachments,
  });
}

/**
 * Queues the reminder of every volunteer whose event starts within REMINDER_HOURS and has not
 * started. The key names the volunteer and the event's start time: run by every node on every
 * pass, it queues each reminder once (the unique key), and an event moved to another time gets
 * a new reminder for its new time. Sign-ups removed and events deleted have no rows left, so
 * they get none. Returns how many were queued.
 */
export async function queueReminders(db: DB, env: Env): Promise<number> {
  const hours = env.mail.reminderHours;
  if (hours <= 0) return 0;
  const due = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .select(['v.id as volunteerId', 'v.name', 'v.email', 'v.role', 'v.createdAt as signedUpAt', 'e.id as eventId', 'e.startDate'])
    .where('e.startDate', '>', new Date())
    .where('e.startDate', '<=', new Date(Date.now() + hours * 3600_000))
    .execute();
  if (due.length === 0) return 0;
  const keys = due.map((r) => reminderKey(r.volunteerId, new Date(r.startDate)));
  const existing = new Set(
    (await db.selectFrom('mailOutbox').select('idempotencyKey').where('idempotencyKey', 'in', keys).execute()).map((r) => r.idempotencyKey),
  );
  const settings = await getSettings(db);
  const baseUrl = env.publicUrl ?? `http://localhost:${env.port}`;
  let queued = 0;
  for (const r of due) {
    const key = reminderKey(r.volunteerId, new Date(r.startDate));
    if (existing.has(key)) continue;
    // Signed up inside the reminder window: the confirmation just said it all.
    if (new Date(r.signedUpAt).getTime() > new Date(r.startDate).getTime() - hours * 3600_000) continue;
    const event = await loadMailEvent(db, r.eventId);
    if (!event) continue;
    const token = newToken();
    const rendered = await volunteerReminder({
      sender: senderFrom(settings, baseUrl),
      name: r.name,
      role: r.role,
      event: { title: event.title, when: formatEventTime(event.startDate, event.endDate, settings.timeZone), location: event.location },
      cancelUrl: `${baseUrl}/volunteer/cancel?token=${token.token}`,
    });
    const wrote = await db.transaction().execute(async (trx) => {
      const ok = await enqueue(trx, { idempotencyKey: key, kind: 'volunteer-reminder', to: r.email, ...rendered });
      if (ok) await storeToken(trx, token.hash, CANCEL_PURPOSE, r.volunteerId, event.endDate);
      return ok;
    });
    if (wrote) queued++;
  }
  return queued;
}

function reminderKey(volunteerId: number, start: Date): string {
  return `volunteer-reminder:${volunteerId}:${start.toISOString()}`;
}

/** What a notice compares to tell whether volunteers must hear of an edit. */
export interface EventPlaceAndTime {
  startDate: Date | string;
  endDate: Date | string;
  location: string;
}

/** Whether an edit moved the event in time or place (the edits volunteers are told of). */
export function movedOrRelocated(before: EventPlaceAndTime, after: EventPlaceAndTime): boolean {
  return (
    new Date(before.startDate).getTime() !== new Date(after.startDate).getTime() ||
    new Date(before.endDate).getTime() !== new Date(after.endDate).getTime() ||
    before.location.trim() !== after.location.trim()
  );
}

/**
 * Queues a notice to each volunteer of an event that an administrator moved, relocated or
 * deleted, in the administrator's transaction (call it before a delete: the volunteers go with
 * the event). A reminder still queued for the old time is cancelled; the new time gets its own.
 */
export async function queueEventNotices(trx: DB, baseUrl: string, eventId: number, deleted: boolean): Promise<number> {
  const event = await loadMailEvent(trx, eventId);
  if (!event) return 0;
  const volunteers = await trx.selectFrom('volunteers').select(['id', 'name', 'email']).where('eventId', '=', eventId).orderBy('id').execute();
  if (volunteers.length === 0) return 0;
  const settings = await getSettings(trx);
  const sender = senderFrom(settings, baseUrl);
  const facts = { title: event.title, when: formatEventTime(event.startDate, event.endDate, settings.timeZone), location: event.location };
  const kind = deleted ? 'event-deleted' : 'event-changed';
  for (const v of volunteers) {
    const rendered = await eventChanged({ sender, name: v.name, event: facts, deleted });
    await enqueue(trx, { idempotencyKey: `${kind}:${eventId}:${event.sequence}:${v.id}`, kind, to: v.email, ...rendered });
  }
  // Reminders still waiting for the old time: a moved event is reminded at its new time.
  const current = deleted ? [] : volunteers.map((v) => reminderKey(v.id, event.startDate));
  let stale = trx
    .updateTable('mailOutbox')
    .set({ state: 'cancelled', lastError: deleted ? 'event deleted' : 'event moved' })
    .where('state', '=', 'queued')
    .where('kind', '=', 'volunteer-reminder')
    .where((eb) => eb.or(volunteers.map((v) => eb('idempotencyKey', 'like', `volunteer-reminder:${v.id}:%`))));
  if (current.length) stale = stale.where('idempotencyKey', 'not in', current);
  await stale.execute();
  return volunteers.length;
}

/**
 * Queues "Sign-up removed" to a volunteer an administrator removes, in the removal's transaction
 * (call it before the delete). Nothing for a sign-up that is gone or an event that has ended.
 */
export async function queueRemovalNotice(trx: DB, baseUrl: string, volunteerId: number): Promise<void> {
  const v = await trx.selectFrom('volunteers').select(['id', 'name', 'email', 'eventId']).where('id', '=', volunteerId).executeTakeFirst();
  if (!v) return;
  const event = await loadMailEvent(trx, v.eventId);
  if (!event || new Date(event.endDate).getTime() < Date.now()) return;
  const settings = await getSettings(trx);
  const rendered = await signupRemoved({
    sender: senderFrom(settings, baseUrl),
    name: v.name,
    event: { title: event.title, when: formatEventTime(event.startDate, event.endDate, settings.timeZone), location: event.location },
  });
  await enqueue(trx, { idempotencyKey: `volunteer-removed:${v.id}`, kind: 'volunteer-removed', to: v.email, ...rendered });
}

/**
 * What a cancel link is for, without using it: the /volunteer/cancel page shows the sign-up
 * before asking. Null when the token is unknown, used or expired.
 */
export async function previewCancel(
  db: DB,
  token: string,
): Promise<{ name: string; role: string | null; eventTitle: string; when: string; location: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const row = await db
    .selectFrom('mailTokens as t')
    .innerJoin('volunteers as v', 'v.id', 't.subjectId')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .select(['v.name', 'v.role', 'e.title', 'e.startDate', 'e.endDate', 'e.location'])
    .where('t.tokenHash', '=', hashToken(token))
    .where('t.purpose', '=', CANCEL_PURPOSE)
    .where('t.usedAt', 'is', null)
    .where('t.expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  const settings = await getSettings(db);
  return {
    name: row.name,
    role: row.role,
    eventTitle: row.title,
    when: formatEventTime(new Date(row.startDate), new Date(row.endDate), settings.timeZone),
    location: row.location,
  };
}
