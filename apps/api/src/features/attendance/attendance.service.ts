import { sql } from 'kysely';
import type { DB } from '@post/db';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import type { Attendee, EventAttendance, MarkResult } from '@post/contracts/attendance';
import { parseIsoDate } from '@post/contracts/common';
import { badRequest, notFound } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { attendanceHours } from './hours.ts';

/** A mark may be up to this far ahead of the server's clock (a phone's clock runs a little fast). */
const FUTURE_SLACK_MS = 5 * 60_000;
/** A mark may fall this far before an event's start or after its end, no further (decision 0081). */
export const MARK_WINDOW_MS = 12 * 3_600_000;

/**
 * Refuses a mark outside its event's window: from 12 hours before the start to 12 hours after the
 * end (the future is refused by markTime). A check-in weeks early or a walk-in dated years back
 * would otherwise count as service hours of this event.
 */
export async function assertInMarkWindow(db: DB, eventId: number, at: Date): Promise<void> {
  const event = await db.selectFrom('events').select(['startDate', 'endDate']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound('Event');
  const t = at.getTime();
  if (t < new Date(event.startDate).getTime() - MARK_WINDOW_MS || t > new Date(event.endDate).getTime() + MARK_WINDOW_MS) {
    throw badRequest(attendanceMessages.outsideWindow);
  }
}

/** "10:02 AM" in the post's zone. */
export function clockTime(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** The instant of a mark: the phone's own time when it was made offline, else now. */
export function markTime(at: string | undefined): Date {
  if (!at) return new Date();
  const date = parseIsoDate(at);
  if (!date) throw badRequest('Invalid time');
  if (date.getTime() > Date.now() + FUTURE_SLACK_MS) throw badRequest(attendanceMessages.atInFuture);
  return date;
}

interface AttendeeRow {
  volunteerId: number | null;
  attendanceId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  shiftId: number | null;
  walkIn: boolean;
  memberId: number | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  hours: string | null;
  hoursReason: string | null;
  hoursConfirmedAt: Date | null;
  startDate: Date;
  endDate: Date;
}

function toAttendee(r: AttendeeRow): Attendee {
  return {
    volunteerId: r.volunteerId,
    attendanceId: r.attendanceId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    role: r.role,
    shiftId: r.shiftId,
    walkIn: r.walkIn,
    memberId: r.memberId,
    checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
    checkedOutAt: r.checkedOutAt ? r.checkedOutAt.toISOString() : null,
    hours: attendanceHours(r),
    hoursOverridden: r.hours !== null,
    hoursReason: r.hoursReason,
  };
}

/** Every sign-up of an event with its marks, then the walk-ins, by name; each with its shift's times when it has one. */
async function attendees(db: DB, eventId: number): Promise<Attendee[]> {
  const { rows } = await sql<AttendeeRow>`
    select v.id as "volunteerId", a.id as "attendanceId", v.name, v.email, v.phone, coalesce(s.role, v.role) as role, v.shift_id as "shiftId", false as "walkIn",
           a.member_id as "memberId", a.checked_in_at as "checkedInAt", a.checked_out_at as "checkedOutAt",
           a.hours, a.hours_reason as "hoursReason", a.hours_confirmed_at as "hoursConfirmedAt",
           coalesce(s.start_date, e.start_date) as "startDate", coalesce(s.end_date, e.end_date) as "endDate"
    from volunteers v join events e on e.id = v.event_id left join attendance a on a.volunteer_id = v.id
    left join volunteer_shifts s on s.id = v.shift_id
    where v.event_id = ${eventId}
    union all
    select null, a.id, a.name, a.email, a.phone, s.role, a.shift_id, true, a.member_id, a.checked_in_at, a.checked_out_at,
           a.hours, a.hours_reason, a.hours_confirmed_at, coalesce(s.start_date, e.start_date), coalesce(s.end_date, e.end_date)
    from attendance a join events e on e.id = a.event_id left join volunteer_shifts s on s.id = a.shift_id
    where a.event_id = ${eventId} and a.volunteer_id is null
    order by 3, 1 nulls last, 2`.execute(db);
  return rows.map(toAttendee);
}

/** GET /api/admin/events/{id}/attendance (404 when the event is missing). */
export async function eventAttendance(db: DB, eventId: number): Promise<EventAttendance> {
  const event = await db.selectFrom('events').select(['id', 'title', 'startDate', 'endDate', 'serviceCategoryId']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound('Event');
  const shifts = await db
    .selectFrom('volunteerShifts')
    .select(['id', 'role', 'startDate', 'endDate'])
    .where('eventId', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return {
    shifts: shifts.map((s) => ({ id: s.id, role: s.role, startDate: new Date(s.startDate).toISOString(), endDate: new Date(s.endDate).toISOString() })),
    event: {
      id: event.id,
      title: event.title,
      startDate: new Date(event.startDate).toISOString(),
      endDate: new Date(event.endDate).toISOString(),
      serviceCategoryId: event.serviceCategoryId,
    },
    people: await attendees(db, eventId),
  };
}

async function attendeeOf(db: DB, eventId: number, pick: (a: Attendee) => boolean): Promise<Attendee> {
  const found = (await attendees(db, eventId)).find(pick);
  if (!found) throw notFound('Attendance');
  return found;
}

/** The member whose e-mail this is (an active one first), for the member/non-member split. */
const memberOfEmail = (email: string | null) =>
  sql<
    number | null
  >`(select m.id from members m where ${email}::text is not null and lower(m.email) = lower(${email}::text) order by m.is_active desc, m.id limit 1)`;

/**
 * Marks a sign-up's arrival, once: the row is made by one statement keyed on the sign-up, so a
 * second scan (or a phone sending its queue again) finds the first time and changes nothing.
 */
export async function checkIn(db: DB, volunteerId: number, at: Date, timeZone: string): Promise<MarkResult> {
  return inTransaction(db, async (trx) => {
    // Locked: two scans of one code at once take turns, so the second sees the first's time.
    const volunteer = await trx
      .selectFrom('volunteers')
      .select(['id', 'eventId', 'name', 'email', 'phone', 'status'])
      .where('id', '=', volunteerId)
      .forUpdate()
      .executeTakeFirst();
    if (!volunteer) throw notFound('Volunteer');
    // A place is checked in, not a place in the queue: the officer gives them a place first (decision 0066).
    if (volunteer.status === 'waitlisted') throw badRequest(attendanceMessages.waitlistedNotCheckedIn(volunteer.name));
    await assertInMarkWindow(trx, volunteer.eventId, at);
    const { rows } = await sql<{ checkedInAt: Date; inserted: boolean; before: Date | null }>`
      with prev as (select checked_in_at from attendance where volunteer_id = ${volunteerId})
      insert into attendance (event_id, volunteer_id, name, email, phone, member_id, checked_in_at)
      values (${volunteer.eventId}, ${volunteerId}, ${volunteer.name}, ${volunteer.email}, ${volunteer.phone}, ${memberOfEmail(volunteer.email)}, ${at})
      on conflict (volunteer_id) do update set checked_in_at = coalesce(attendance.checked_in_at, excluded.checked_in_at), updated_at = now()
      returning checked_in_at as "checkedInAt", (select checked_in_at from prev) as "before"`.execute(trx);
    const row = rows[0]!;
    const already = row.before !== null;
    const attendee = await attendeeOf(trx, volunteer.eventId, (a) => a.volunteerId === volunteerId);
    const time = clockTime(row.checkedInAt, timeZone);
    return { attendee, already, message: already ? attendanceMessages.alreadyCheckedIn(time) : attendanceMessages.checkedIn(volunteer.name, time) };
  });
}

/** Marks a departure, once; a sign-up not checked in, or a time before the arrival, is a 400. */
export async function checkOut(
  db: DB,
  target: { volunteerId: number } | { attendanceId: number },
  at: Date,
  timeZone: string,
  miles?: number,
): Promise<MarkResult> {
  return inTransaction(db, async (trx) => {
    let query = trx.selectFrom('attendance').select(['id', 'eventId', 'volunteerId', 'name', 'checkedInAt', 'checkedOutAt']).forUpdate();
    query = 'volunteerId' in target ? query.where('volunteerId', '=', target.volunteerId) : query.where('id', '=', target.attendanceId);
    const row = await query.executeTakeFirst();
    if (!row) {
      if ('volunteerId' in target) {
        const exists = await trx.selectFrom('volunteers').select('id').where('id', '=', target.volunteerId).executeTakeFirst();
        if (!exists) throw notFound('Volunteer');
        throw badRequest(attendanceMessages.notCheckedIn);
      }
      throw notFound('Attendance');
    }
    if (!row.checkedInAt) throw badRequest(attendanceMessages.notCheckedIn);
    const pick = (a: Attendee) => a.attendanceId === row.id;
    if (row.checkedOutAt) {
      return {
        attendee: await attendeeOf(trx, row.eventId, pick),
        already: true,
        message: attendanceMessages.alreadyCheckedOut(clockTime(row.checkedOutAt, timeZone)),
      };
    }
    if (at.getTime() < new Date(row.checkedInAt).getTime()) throw badRequest(attendanceMessages.outBeforeIn);
    await assertInMarkWindow(trx, row.eventId, at);
    // Round-trip miles as given, else the event's default (decision 0085).
    const event = await trx.selectFrom('events').select('defaultMiles').where('id', '=', row.eventId).executeTakeFirst();
    await trx
      .updateTable('attendance')
      .set({ checkedOutAt: at, miles: miles ?? event?.defaultMiles ?? 0, updatedAt: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { attendee: await attendeeOf(trx, row.eventId, pick), already: false, message: attendanceMessages.checkedOut(row.name, clockTime(at, timeZone)) };
  });
}

/** The walk-in's shift: required when the event has shifts, and one of them (decision 0066). */
async function walkInShift(db: DB, eventId: number, shiftId: number | null | undefined): Promise<number | null> {
  const shifts = await db.selectFrom('volunteerShifts').select('id').where('eventId', '=', eventId).execute();
  if (shiftId == null) {
    if (shifts.length > 0) throw badRequest(attendanceMessages.shiftRequired);
    return null;
  }
  if (!shifts.some((s) => s.id === shiftId)) throw badRequest(attendanceMessages.shiftNotOfEvent);
  return shiftId;
}

/** Adds a walk-in, checked in at `at`, to its shift; linked to the member with that e-mail; once per client id. */
export async function addWalkIn(
  db: DB,
  input: { id: number; name: string; email?: string; phone?: string; shiftId?: number | null; clientId?: string; unit?: string | null },
  at: Date,
  timeZone: string,
): Promise<MarkResult> {
  return inTransaction(db, async (trx) => {
    const event = await trx.selectFrom('events').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!event) throw notFound('Event');
    await assertInMarkWindow(trx, input.id, at);
    const shiftId = await walkInShift(trx, input.id, input.shiftId);
    const email = input.email ? input.email : null;
    const { rows } = await sql<{ id: number; inserted: boolean }>`
      insert into attendance (event_id, name, email, phone, member_id, checked_in_at, client_id, shift_id, unit)
      values (${input.id}, ${input.name}, ${email}, ${input.phone ? input.phone : null}, ${memberOfEmail(email)}, ${at}, ${input.clientId ?? null}, ${shiftId}, ${input.unit ?? null})
      on conflict (client_id) do update set updated_at = attendance.updated_at
      returning id, (xmax = 0) as inserted`.execute(trx);
    const row = rows[0]!;
    const attendee = await attendeeOf(trx, input.id, (a) => a.attendanceId === row.id);
    if (!attendee.walkIn) throw badRequest('Invalid client id');
    return {
      attendee,
      already: !row.inserted,
      message: row.inserted ? attendanceMessages.walkInAdded(input.name) : attendanceMessages.alreadyCheckedIn(clockTime(attendee.checkedInAt!, timeZone)),
    };
  });
}

/** An administrator's figure of hours with its reason; null goes back to the derived hours. */
export async function setHours(db: DB, input: { id: number; hours: number | null; reason: string }): Promise<Attendee> {
  if (input.hours !== null && !input.reason) throw badRequest(attendanceMessages.reasonRequired);
  const row = await db
    .updateTable('attendance')
    .set({ hours: input.hours, hoursReason: input.hours === null ? null : input.reason, updatedAt: new Date() })
    .where('id', '=', input.id)
    .returning(['eventId'])
    .executeTakeFirst();
  if (!row) throw notFound('Attendance');
  return attendeeOf(db, row.eventId, (a) => a.attendanceId === input.id);
}

/** The hours fields of one attendance as they are, for the audit entry. */
export async function hoursBefore(db: DB, id: number) {
  return db.selectFrom('attendance').select(['id', 'hours', 'hoursReason']).where('id', '=', id).executeTakeFirst();
}

/** An administrator confirms hours from marks that run well past the planned length: they count in full from then on (decision 0081). */
export async function confirmHours(db: DB, id: number): Promise<Attendee> {
  const row = await db
    .updateTable('attendance')
    .set({ hoursConfirmedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', id)
    .returning(['eventId'])
    .executeTakeFirst();
  if (!row) throw notFound('Attendance');
  return attendeeOf(db, row.eventId, (a) => a.attendanceId === id);
}

/** How many attendance records an event (or several) holds: such an event is cancelled, not deleted (decision 0081). */
export async function attendanceCount(db: DB, eventIds: number[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const row = await db
    .selectFrom('attendance')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('eventId', 'in', eventIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
