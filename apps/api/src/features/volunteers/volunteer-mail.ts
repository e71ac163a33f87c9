import { type RawBuilder, sql } from 'kysely';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { formatEventTime } from '../mail/context.ts';
import { enqueue } from '../mail/outbox.ts';
import { volunteerOfToken } from './cancel-link.ts';
import { eventParams } from '../mail/render-queued.ts';
import { calendarColumns, toCalendarRow, type CalendarEventRow } from '../events/calendar-rows.ts';
import { waitlistPositions } from '../events/shifts.service.ts';
import type { CancelPreview } from '@post/contracts/mail';

/** An event as the volunteer messages need it: what its iCalendar file needs. */
export type MailEvent = CalendarEventRow;

export async function loadMailEvent(db: DB, eventId: number): Promise<MailEvent | undefined> {
  const e = await db.selectFrom('events').select(calendarColumns).where('id', '=', eventId).executeTakeFirst();
  return e && toCalendarRow(e);
}

/**
 * The row a confirmation adds to the sign-up's statement, as a common table expression reading
 * the new volunteer from `signed` (id): its outbox row, queued by template (decision 0045),
 * whose parameters name the sign-up; the worker reads the sign-up and its event when it renders
 * the message (decision 0049), and signs the cancel link from the id (decision 0046). The key
 * names a sign-up the statement has just created, so it cannot conflict. Written into the one
 * statement so a sign-up with its confirmation costs one round trip. A copy of the event in the
 * row made it three times wider, and cost a sign-up 7% of its throughput (decision 0049).
 */
export function confirmationRows(baseUrl: string, to: string): RawBuilder<unknown> {
  return sql`
    confirmation as (
      insert into mail_outbox (idempotency_key, kind, to_address, template, params)
      select 'volunteer-confirmation:' || id, 'volunteer-confirmation', ${to}, 'volunteer-confirmation',
        jsonb_build_object('baseUrl', ${baseUrl}::text, 'volunteerId', id)
      from signed
    )`;
}

/**
 * Queues the reminder of every confirmed volunteer whose event (or shift: its own start, issue
 * 43) starts within REMINDER_HOURS and has not started. The key names the volunteer and the event's start time: run by every node on every
 * pass, it queues each reminder once (the unique key), and an event moved to another time gets
 * a new reminder for its new time. Sign-ups removed and events deleted have no rows left, so
 * they get none. Returns how many were queued.
 */
export async function queueReminders(db: DB, env: Env): Promise<number> {
  const hours = env.mail.reminderHours;
  if (hours <= 0) return 0;
  const start = sql<Date>`coalesce(s.start_date, e.start_date)`;
  const due = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id as volunteerId', 'v.name', 'v.email', 'v.role', 'v.createdAt as signedUpAt', 'e.id as eventId', start.as('startDate')])
    .where('v.status', '=', 'confirmed')
    .where(start, '>', new Date())
    .where(start, '<=', new Date(Date.now() + hours * 3600_000))
    .execute();
  if (due.length === 0) return 0;
  const keys = due.map((r) => reminderKey(r.volunteerId, new Date(r.startDate)));
  const existing = new Set(
    (await db.selectFrom('mailOutbox').select('idempotencyKey').where('idempotencyKey', 'in', keys).execute()).map((r) => r.idempotencyKey),
  );
  // When each was given a place from the waitlist (its "You're in"), if it was.
  const promotedAt = new Map(
    (
      await db
        .selectFrom('mailOutbox')
        .select(['idempotencyKey', 'createdAt'])
        .where(
          'idempotencyKey',
          'in',
          due.map((r) => `volunteer-promoted:${r.volunteerId}`),
        )
        .execute()
    ).map((r) => [r.idempotencyKey, new Date(r.createdAt).getTime()]),
  );
  const baseUrl = env.siteUrl;
  let queued = 0;
  for (const r of due) {
    const key = reminderKey(r.volunteerId, new Date(r.startDate));
    if (existing.has(key)) continue;
    // Signed up, or given a place from the waitlist, inside the reminder window: the confirmation or "You're in" just said it all.
    const windowOpens = new Date(r.startDate).getTime() - hours * 3600_000;
    if (new Date(r.signedUpAt).getTime() > windowOpens) continue;
    if ((promotedAt.get(`volunteer-promoted:${r.volunteerId}`) ?? 0) > windowOpens) continue;
    const params = { baseUrl, volunteerId: r.volunteerId };
    if (await enqueue(db, { idempotencyKey: key, kind: 'volunteer-reminder', to: r.email, template: 'volunteer-reminder', params })) queued++;
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
  const volunteers = await trx
    .selectFrom('volunteers as v')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id', 'v.name', 'v.email', 's.startDate as shiftStart'])
    .where('v.eventId', '=', eventId)
    .orderBy('v.id')
    .execute();
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
  // Reminders still waiting for the old time: a moved event is reminded at its new time. A
  // deleted event's confirmations not sent yet go too (the notice says it is cancelled).
  if (deleted) {
    await cancelQueuedMail(
      trx,
      volunteers.map((v) => v.id),
      'event deleted',
    );
  } else {
    // A shift's reminder is keyed to the shift's own start (issue 43).
    await cancelStaleReminders(
      trx,
      volunteers.map((v) => ({ id: v.id, start: v.shiftStart ?? event.startDate })),
      'event moved',
    );
  }
  return volunteers.length;
}

/** Cancels the reminders still queued for a time other than each sign-up's current start: the new time gets its own. */
async function cancelStaleReminders(trx: DB, signUps: { id: number; start: Date | string }[], why: string): Promise<void> {
  if (signUps.length === 0) return;
  await trx
    .updateTable('mailOutbox')
    .set({ state: 'cancelled', lastError: why })
    .where('state', '=', 'queued')
    .where('kind', '=', 'volunteer-reminder')
    .where((eb) => eb.or(signUps.map((v) => eb('idempotencyKey', 'like', `volunteer-reminder:${v.id}:%`))))
    .where(
      'idempotencyKey',
      'not in',
      signUps.map((v) => reminderKey(v.id, new Date(v.start))),
    )
    .execute();
}

/**
 * Tells the volunteers of some shifts of an event (issue 43) that their shift moved or was
 * removed, with the existing notice (the shift's role and time as the event's); call it before
 * a removal, since the sign-ups go with the shift. Removed shifts' queued mail is cancelled.
 */
export async function queueShiftNotices(trx: DB, baseUrl: string, eventId: number, shiftIds: number[], deleted: boolean): Promise<number> {
  if (shiftIds.length === 0) return 0;
  const event = await loadMailEvent(trx, eventId);
  if (!event) return 0;
  const rows = await trx
    .selectFrom('volunteers as v')
    .innerJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id', 'v.name', 'v.email', 's.id as shiftId', 's.role as shiftRole', 's.startDate as shiftStart', 's.endDate as shiftEnd'])
    .where('v.shiftId', 'in', shiftIds)
    .orderBy('v.id')
    .execute();
  const kind = deleted ? 'shift-removed' : 'shift-changed';
  for (const v of rows) {
    const facts = { ...eventParams(event), title: `${event.title}: ${v.shiftRole}`, startDate: iso(v.shiftStart), endDate: iso(v.shiftEnd) };
    await enqueue(trx, {
      idempotencyKey: `${kind}:${v.shiftId}:${event.sequence}:${iso(v.shiftStart)}:${v.id}`,
      kind: deleted ? 'event-deleted' : 'event-changed',
      to: v.email,
      template: 'event-changed',
      params: { baseUrl, name: v.name, deleted, event: facts },
    });
  }
  if (deleted)
    await cancelQueuedMail(
      trx,
      rows.map((v) => v.id),
      'shift removed',
    );
  else
    await cancelStaleReminders(
      trx,
      rows.map((v) => ({ id: v.id, start: v.shiftStart })),
      'shift moved',
    );
  return rows.length;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Cancels the mail still queued for sign-ups that are going: their reminders and "You're in", and
 * their confirmation once none of the sign-ups it names stays. One confirmation names every shift
 * of a request (params.volunteerIds, under the first one's key): while any of them stays it goes,
 * listing those left, since it is rendered when sent (decision 0049).
 */
export async function cancelQueuedMail(trx: DB, volunteerIds: number[], why: string): Promise<void> {
  if (volunteerIds.length === 0) return;
  const going = sql`${volunteerIds}::int[]`;
  const named = sql`jsonb_array_elements_text(coalesce(params->'volunteerIds', jsonb_build_array(params->'volunteerId'))) as named(id)`;
  await trx
    .updateTable('mailOutbox')
    .set({ state: 'cancelled', lastError: why })
    .where('state', '=', 'queued')
    .where((eb) =>
      eb.or([
        ...volunteerIds.flatMap((id) => [eb('idempotencyKey', '=', `volunteer-promoted:${id}`), eb('idempotencyKey', 'like', `volunteer-reminder:${id}:%`)]),
        eb.and([
          eb('kind', '=', 'volunteer-confirmation'),
          eb.or([
            eb(
              'idempotencyKey',
              'in',
              volunteerIds.map((id) => `volunteer-confirmation:${id}`),
            ),
            sql<boolean>`exists (select 1 from ${named} where named.id::int = any(${going}))`,
          ]),
          sql<boolean>`not exists (select 1 from ${named} join volunteers w on w.id = named.id::int where w.id <> all(${going}))`,
        ]),
      ]),
    )
    .execute();
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
 * before asking (a shift's role and time, and a waiting place's position: issue 43). Null when
 * the link is not one of ours, or its sign-up is gone (cancelled, removed) or its event has ended.
 */
export async function previewCancel(db: DB, linkSecret: string, token: string): Promise<CancelPreview | null> {
  if (token.length < 20 || token.length > 200) return null;
  const volunteerId = volunteerOfToken(linkSecret, token);
  if (volunteerId === null) return null;
  const row = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select([
      'v.name',
      'v.role',
      'v.status',
      'v.eventId',
      'e.title',
      'e.startDate',
      'e.endDate',
      'e.location',
      's.role as shiftRole',
      's.startDate as shiftStart',
      's.endDate as shiftEnd',
    ])
    .where('v.id', '=', volunteerId)
    .where('e.endDate', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  const settings = await getSettings(db);
  const preview: CancelPreview = {
    name: row.name,
    role: row.shiftRole ?? row.role,
    eventTitle: row.title,
    when: formatEventTime(new Date(row.shiftStart ?? row.startDate), new Date(row.shiftEnd ?? row.endDate), settings.timeZone),
    location: row.location,
  };
  if (row.status === 'waitlisted') preview.waitlistPosition = (await waitlistPositions(db, [row.eventId])).get(volunteerId) ?? 1;
  return preview;
}
