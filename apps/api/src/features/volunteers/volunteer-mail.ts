import { type RawBuilder, sql } from 'kysely';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { formatEventTime } from '../mail/context.ts';
import { enqueue, hashToken, newToken, storeToken } from '../mail/outbox.ts';
import { eventParams, queuedSubject, type ConfirmationParams } from '../mail/render-queued.ts';
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

/**
 * What a volunteer's confirmation says, before the sign-up's statement: the template's
 * parameters and the cancel token. Nothing is rendered in the request (decision 0045): the
 * worker renders the message and its .ics when it sends it.
 */
export interface PreparedConfirmation {
  token: { token: string; hash: string };
  params: ConfirmationParams;
  subject: string;
  expiresAt: Date;
}

export function prepareConfirmation(baseUrl: string, event: MailEvent, volunteer: { name: string; role: string | null }): PreparedConfirmation {
  const token = newToken();
  const params: ConfirmationParams = { baseUrl, name: volunteer.name, role: volunteer.role, token: token.token, event: eventParams(event) };
  return { token, params, subject: queuedSubject('volunteer-confirmation', params), expiresAt: event.endDate };
}

/**
 * The rows a confirmation adds to the sign-up's statement, as common table expressions reading
 * the new volunteer from `signed` (id): its cancel token and its outbox row, queued by template
 * (what `enqueue` writes for a DeferredMessage, with the same idempotency key rule). Written
 * into the one statement so a sign-up with its confirmation costs one round trip.
 */
export function confirmationRows(prepared: PreparedConfirmation, to: string): RawBuilder<unknown> {
  return sql`
    cancel_token as (
      insert into mail_tokens (token_hash, purpose, subject_id, expires_at)
      select ${prepared.token.hash}, ${CANCEL_PURPOSE}, id, ${prepared.expiresAt} from signed
    ),
    confirmation as (
      insert into mail_outbox (idempotency_key, kind, to_address, subject, template, params)
      select 'volunteer-confirmation:' || id, 'volunteer-confirmation', ${to}, ${prepared.subject}, 'volunteer-confirmation', ${JSON.stringify(prepared.params)}::jsonb
      from signed
      on conflict (idempotency_key) do nothing
    )`;
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
    const params = { baseUrl, name: r.name, role: r.role, token: token.token, event: eventParams(event) };
    const wrote = await db.transaction().execute(async (trx) => {
      const ok = await enqueue(trx, { idempotencyKey: key, kind: 'volunteer-reminder', to: r.email, template: 'volunteer-reminder', params });
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
  const kind = deleted ? 'event-deleted' : 'event-changed';
  const facts = eventParams(event);
  for (const v of volunteers) {
    await enqueue(trx, {
      idempotencyKey: `${kind}:${eventId}:${event.sequence}:${v.id}`,
      kind,
      to: v.email,
      template: 'event-changed',
      params: { baseUrl, name: v.name, deleted, event: facts },
    });
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
  await enqueue(trx, {
    idempotencyKey: `volunteer-removed:${v.id}`,
    kind: 'volunteer-removed',
    to: v.email,
    template: 'volunteer-removed',
    params: { baseUrl, name: v.name, event: eventParams(event) },
  });
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
