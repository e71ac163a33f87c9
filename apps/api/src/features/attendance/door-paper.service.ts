// One row of the printed sign-in sheet typed in after the event (issue 59, decision 0093): the
// arrival and the departure written on paper, stored together or not at all, so a refused row
// never leaves half a record and the phone keeps it whole for a decision.
import type { DB } from '@post/db';
import { doorMessages } from '@post/contracts/door';
import type { MarkResult } from '@post/contracts/attendance';
import { notFound } from '../../errors.ts';
import { addWalkIn, checkIn, checkOut, clockTime } from './attendance.service.ts';

export interface PaperRow {
  id: number;
  clientId: string;
  volunteerId: number | null;
  attendanceId: number | null;
  name?: string;
  shiftId?: number | null;
}

/** A mark the row made (nothing when it was there already), for its audit entry. */
export interface PaperMark {
  action: 'check-in' | 'check-out' | 'walk-in';
  result: MarkResult;
}

/**
 * Writes a paper row: a sign-up's or a recorded walk-in's times, or a new walk-in from a spare
 * row (its client id makes a second send find the first). A time already recorded at the door is
 * kept (the door's mark was made as it happened).
 */
export async function enterPaperRow(
  trx: DB,
  row: PaperRow,
  times: { in?: Date; out?: Date },
  timeZone: string,
): Promise<{ result: MarkResult; made: PaperMark[] }> {
  const made: PaperMark[] = [];
  let target: { volunteerId: number } | { attendanceId: number };
  let last: MarkResult | undefined;
  if (row.volunteerId !== null) {
    const v = await trx.selectFrom('volunteers').select('eventId').where('id', '=', row.volunteerId).executeTakeFirst();
    if (!v || v.eventId !== row.id) throw notFound('Volunteer');
    target = { volunteerId: row.volunteerId };
    if (times.in) {
      last = await checkIn(trx, row.volunteerId, times.in, timeZone);
      if (!last.already) made.push({ action: 'check-in', result: last });
    }
  } else if (row.attendanceId !== null) {
    const a = await trx.selectFrom('attendance').select('eventId').where('id', '=', row.attendanceId).executeTakeFirst();
    if (!a || a.eventId !== row.id) throw notFound('Attendance');
    target = { attendanceId: row.attendanceId };
  } else {
    last = await addWalkIn(trx, { id: row.id, name: row.name!, shiftId: row.shiftId ?? null, clientId: row.clientId }, times.in!, timeZone);
    if (!last.already) made.push({ action: 'walk-in', result: last });
    target = { attendanceId: last.attendee.attendanceId! };
  }
  if (times.out) {
    last = await checkOut(trx, target, times.out, timeZone);
    if (!last.already) made.push({ action: 'check-out', result: last });
  }
  const a = last!.attendee;
  const said = [a.checkedInAt ? `in ${clockTime(a.checkedInAt, timeZone)}` : null, a.checkedOutAt ? `out ${clockTime(a.checkedOutAt, timeZone)}` : null]
    .filter(Boolean)
    .join(', ');
  const message = made.length > 0 ? doorMessages.paperSaved(a.name, said) : doorMessages.paperAlready(a.name);
  return { result: { attendee: a, already: made.length === 0, message }, made };
}
