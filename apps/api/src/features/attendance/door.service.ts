// The door's own reads and writes (issue 59, decision 0084), beside the marks of
// attendance.service.ts: the list a phone keeps for a hall without signal (no contact details),
// a waiting sign-up given a place at the door, and a mis-tapped mark taken back.
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { doorMessages, type DoorList, type DoorPerson } from '@post/contracts/door';
import { conflict, notFound } from '../../errors.ts';
import { promoteByHand } from '../volunteers/waitlist.ts';
import { attendanceHours } from './hours.ts';
import { checkIn, clockTime } from './attendance.service.ts';
import type { MarkResult } from '@post/contracts/attendance';

const iso = (d: Date | string) => new Date(d).toISOString();

interface DoorRow {
  volunteerId: number | null;
  attendanceId: number | null;
  personKey: string;
  name: string;
  shiftId: number | null;
  role: string | null;
  walkIn: boolean;
  status: 'confirmed' | 'waitlisted';
  position: number | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  hours: string | null;
  startDate: Date;
  endDate: Date;
}

/** GET /api/admin/events/{id}/door: the event with its room, its shifts with theirs, its people by name (404 when missing). */
export async function doorList(db: DB, eventId: number): Promise<DoorList> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'title', 'startDate', 'endDate', 'volunteerPositions', 'volunteerCount'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound('Event');
  const shifts = await db
    .selectFrom('volunteerShifts')
    .select(['id', 'role', 'startDate', 'endDate', 'capacity', 'volunteerCount'])
    .where('eventId', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  // One person's sign-ups (the same e-mail) share a key; the e-mail itself stays on the server.
  const { rows } = await sql<DoorRow>`
    select v.id as "volunteerId", a.id as "attendanceId",
           'p' || min(v.id) over (partition by lower(v.email)) as "personKey",
           v.name, v.shift_id as "shiftId", coalesce(s.role, v.role) as role, false as "walkIn", v.status,
           case when v.status = 'waitlisted' then row_number() over (partition by v.shift_id, v.status order by v.created_at, v.id) end::int as position,
           a.checked_in_at as "checkedInAt", a.checked_out_at as "checkedOutAt", a.hours,
           coalesce(s.start_date, e.start_date) as "startDate", coalesce(s.end_date, e.end_date) as "endDate"
    from volunteers v join events e on e.id = v.event_id left join attendance a on a.volunteer_id = v.id
    left join volunteer_shifts s on s.id = v.shift_id
    where v.event_id = ${eventId}
    union all
    select null, a.id, 'a' || a.id, a.name, a.shift_id, s.role, true, 'confirmed', null, a.checked_in_at, a.checked_out_at, a.hours,
           coalesce(s.start_date, e.start_date), coalesce(s.end_date, e.end_date)
    from attendance a join events e on e.id = a.event_id left join volunteer_shifts s on s.id = a.shift_id
    where a.event_id = ${eventId} and a.volunteer_id is null
    order by name, "volunteerId" nulls last, "attendanceId"`.execute(db);
  const people: DoorPerson[] = rows.map((r) => ({
    volunteerId: r.volunteerId,
    attendanceId: r.attendanceId,
    personKey: r.personKey,
    name: r.name,
    shiftId: r.shiftId,
    role: r.role,
    walkIn: r.walkIn,
    status: r.status,
    position: r.position,
    checkedInAt: r.checkedInAt ? iso(r.checkedInAt) : null,
    checkedOutAt: r.checkedOutAt ? iso(r.checkedOutAt) : null,
    hours: attendanceHours(r),
    hoursOverridden: r.hours !== null,
  }));
  return {
    event: {
      id: event.id,
      title: event.title,
      startDate: iso(event.startDate),
      endDate: iso(event.endDate),
      capacity: event.volunteerPositions,
      confirmed: event.volunteerCount,
    },
    shifts: shifts.map((s) => ({
      id: s.id,
      role: s.role,
      startDate: iso(s.startDate),
      endDate: iso(s.endDate),
      capacity: s.capacity,
      confirmed: s.volunteerCount,
    })),
    people,
  };
}

/**
 * A waiting sign-up given a place at the door and checked in at `at`: while its shift (or the
 * event) has room, or whatever the room with `overCapacity` (the officer at the door decides).
 * Sent again after it was stored, it finds the place given and the first time kept.
 */
export async function givePlaceAndCheckIn(
  trx: DB,
  baseUrl: string,
  input: { id: number; overCapacity: boolean },
  at: Date,
  timeZone: string,
): Promise<MarkResult> {
  // Locked: the same mark sent twice at once takes turns.
  const v = await trx.selectFrom('volunteers').select(['id', 'name', 'status', 'shiftId', 'eventId']).where('id', '=', input.id).forUpdate().executeTakeFirst();
  if (!v) throw notFound('Volunteer');
  if (v.status === 'waitlisted') {
    const shift =
      v.shiftId === null
        ? undefined
        : await trx.selectFrom('volunteerShifts').select(['role', 'capacity', 'volunteerCount']).where('id', '=', v.shiftId).executeTakeFirst();
    const event = await trx.selectFrom('events').select(['volunteerPositions', 'volunteerCount']).where('id', '=', v.eventId).executeTakeFirstOrThrow();
    const room = shift ? shift.capacity - shift.volunteerCount : event.volunteerPositions - event.volunteerCount;
    if (room <= 0 && !input.overCapacity) throw conflict(doorMessages.noRoom(v.name, shift?.role ?? null));
    await promoteByHand(trx, baseUrl, v.id);
  }
  const result = await checkIn(trx, v.id, at, timeZone);
  return result.already ? result : { ...result, message: doorMessages.placeGiven(v.name, clockTime(result.attendee.checkedInAt!, timeZone)) };
}

/**
 * Takes back a mis-tapped mark: a check-out is cleared; a check-in removes the record (a sign-up
 * goes back to not arrived, a walk-in is gone). Refused once an administrator set the hours.
 */
export async function undoMark(
  trx: DB,
  input: { id: number; mark: 'check-in' | 'check-out' },
): Promise<{ name: string; eventId: number; before: Record<string, unknown> }> {
  {
    const row = await trx
      .selectFrom('attendance')
      .select(['id', 'eventId', 'volunteerId', 'name', 'checkedInAt', 'checkedOutAt', 'hours'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Attendance');
    if (row.hours !== null) throw conflict(doorMessages.hoursSetFirst);
    const before = { checkedInAt: row.checkedInAt, checkedOutAt: row.checkedOutAt };
    if (input.mark === 'check-out') {
      if (!row.checkedOutAt) throw conflict(doorMessages.nothingToUndo);
      await trx.updateTable('attendance').set({ checkedOutAt: null, updatedAt: new Date() }).where('id', '=', row.id).execute();
    } else {
      if (row.checkedOutAt) throw conflict(doorMessages.nothingToUndo);
      await trx.deleteFrom('attendance').where('id', '=', row.id).execute();
    }
    return { name: row.name, eventId: row.eventId, before };
  }
}
