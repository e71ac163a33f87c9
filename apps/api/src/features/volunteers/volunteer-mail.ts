import { type RawBuilder, sql } from 'kysely';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { formatEventTime } from '../mail/context.ts';
import { enqueue } from '../mail/outbox.ts';
import { volunteerOfToken } from '../../lib/cancel-link.ts';
import { calendarColumns, toCalendarRow, type CalendarEventRow } from '../events/calendar-rows.ts';
import { waitlistPositions } from '../events/shifts.service.ts';
import type { CancelPreview } from '@post/contracts/mail';

// A sign-up's own mail (confirmation, reminder, the cancel link's preview); notices of an administrator's changes are in change-notices.ts.

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

export function reminderKey(volunteerId: number, start: Date): string {
  return `volunteer-reminder:${volunteerId}:${start.toISOString()}`;
}

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
