import type { DB } from '@post/db';
import { notFound } from '../../errors.ts';

/** What the iCalendar files need of an event. */
export interface CalendarEventRow {
  id: number;
  title: string;
  description: string;
  location: string;
  startDate: Date;
  endDate: Date;
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
  /** A shift's entry (issue 43): the shift's time, under its own UID. */
  shiftId?: number;
}

/** The columns of an event a calendar entry (.ics) needs. */
export const calendarColumns = ['id', 'title', 'description', 'location', 'startDate', 'endDate', 'sequence', 'createdAt', 'updatedAt'] as const;

type CalendarDate = 'startDate' | 'endDate' | 'createdAt' | 'updatedAt';

/** Those columns as read (dates as Date or ISO string: the database, a queued message's parameters), dates as Dates. */
export function toCalendarRow(r: Omit<CalendarEventRow, CalendarDate> & Record<CalendarDate, Date | string>): CalendarEventRow {
  return {
    ...r,
    startDate: new Date(r.startDate),
    endDate: new Date(r.endDate),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/** Days an ended event stays in the calendar feed. */
export const FEED_PAST_DAYS = 30;

/** The feed's events: every future one and those that ended within the last `FEED_PAST_DAYS` days. */
export async function calendarFeedEvents(db: DB): Promise<CalendarEventRow[]> {
  const since = new Date(Date.now() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .selectFrom('events')
    .select(calendarColumns)
    .where('endDate', '>=', since)
    .where('listed', '=', true)
    .orderBy('startDate')
    .orderBy('id')
    .execute();
  return rows.map(toCalendarRow);
}

/** One event for "Add to calendar"; 404 when missing. */
export async function calendarEvent(db: DB, id: number): Promise<CalendarEventRow> {
  // Unlisted events (decision 0088) are in no public calendar file.
  const row = await db.selectFrom('events').select(calendarColumns).where('id', '=', id).where('listed', '=', true).executeTakeFirst();
  if (!row) throw notFound('Event');
  return toCalendarRow(row);
}
