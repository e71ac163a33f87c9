import { sql } from 'kysely';
import type { DB, EventRow } from '@post/db';
import type { CreateEventInput, Event, EventDetail, EventWithVolunteers, UpdateEventInput } from '@post/contracts/events';
import type { VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import { notFound } from '../../errors.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';

const iso = (d: Date | string): string => new Date(d).toISOString();

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    type: row.type as Event['type'],
    createdBy: row.createdBy,
    volunteerPositions: row.volunteerPositions,
    // Kept by a trigger on volunteers (migration 0002), so no list counts per event.
    volunteerCount: row.volunteerCount,
    updatedAt: iso(row.updatedAt),
    imageId: row.imageId,
    imageAlt: row.imageAlt,
    image: null,
  };
}

function selectEvents(db: DB) {
  return db.selectFrom('events as e').selectAll('e');
}

/** Volunteers' public fields (name, role) of the given events, by event id, in sign-up order. */
async function publicVolunteersOf(db: DB, eventIds: number[]): Promise<Map<number, VolunteerPublic[]>> {
  const byEvent = new Map<number, VolunteerPublic[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('volunteers')
    .select(['id', 'eventId', 'name', 'role'])
    .where('eventId', 'in', eventIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const r of rows) byEvent.get(r.eventId)?.push({ id: r.id, eventId: r.eventId, name: r.name, role: r.role });
  return byEvent;
}

/** Every event, soonest first. */
export async function listEvents(db: DB): Promise<Event[]> {
  const rows = await selectEvents(db).orderBy('e.startDate').orderBy('e.id').execute();
  return withImages(db, rows.map(toEvent));
}

/** Events that have not started, soonest first, with volunteers' public fields. */
export async function upcomingEvents(db: DB): Promise<EventWithVolunteers[]> {
  const rows = await selectEvents(db)
    .where('e.startDate', '>', sql<Date>`now()`)
    .orderBy('e.startDate')
    .orderBy('e.id')
    .execute();
  const volunteers = await publicVolunteersOf(
    db,
    rows.map((r) => r.id),
  );
  return withImages(
    db,
    rows.map((r) => ({ ...toEvent(r), volunteers: volunteers.get(r.id) ?? [] })),
  );
}

/** One event; volunteers' e-mail and phone only when `withContacts`. 404 when missing. */
export async function eventById(db: DB, id: number, withContacts: boolean): Promise<EventDetail> {
  const row = await selectEvents(db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Event');
  let volunteers: VolunteerView[];
  if (withContacts) {
    const rows = await db
      .selectFrom('volunteers')
      .select(['id', 'eventId', 'name', 'role', 'email', 'phone'])
      .where('eventId', '=', id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    volunteers = rows.map((r) => ({ id: r.id, eventId: r.eventId, name: r.name, role: r.role, email: r.email, phone: r.phone }));
  } else {
    volunteers = (await publicVolunteersOf(db, [id])).get(id) ?? [];
  }
  return (await withImages(db, [{ ...toEvent(row), volunteers }]))[0]!;
}

/** Creates an event; the signed-in administrator is its author. */
export async function createEvent(db: DB, input: CreateEventInput, userId: number): Promise<Event> {
  const row = await db
    .insertInto('events')
    .values({
      title: input.title,
      description: input.description,
      location: input.location,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      type: input.type,
      createdBy: userId,
      volunteerPositions: input.volunteerPositions,
      ...imageColumns(input),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err) => {
      throw pictureError(err);
    });
  return (await withImages(db, [toEvent(row)]))[0]!;
}

/** Replaces an event and bumps its iCalendar SEQUENCE, so subscribed calendars take the change. 404 when missing. */
export async function updateEvent(db: DB, input: UpdateEventInput): Promise<Event> {
  const updated = await db
    .updateTable('events')
    .set((eb) => ({
      title: input.title,
      description: input.description,
      location: input.location,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      type: input.type,
      volunteerPositions: input.volunteerPositions,
      ...imageChanges(input),
      sequence: eb('sequence', '+', 1),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst()
    .catch((err) => {
      throw pictureError(err);
    });
  if (!updated) throw notFound('Event');
  const row = await selectEvents(db).where('e.id', '=', input.id).executeTakeFirstOrThrow();
  return (await withImages(db, [toEvent(row)]))[0]!;
}

/** Deletes an event and (by the foreign key's cascade) its volunteers. 404 when missing. */
export async function deleteEvent(db: DB, id: number): Promise<void> {
  const deleted = await db.deleteFrom('events').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw notFound('Event');
}

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
}

const calendarColumns = ['id', 'title', 'description', 'location', 'startDate', 'endDate', 'sequence', 'createdAt', 'updatedAt'] as const;

function toCalendarRow(r: Pick<EventRow, (typeof calendarColumns)[number]>): CalendarEventRow {
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
    .orderBy('startDate')
    .orderBy('id')
    .execute();
  return rows.map(toCalendarRow);
}

/** One event for "Add to calendar"; 404 when missing. */
export async function calendarEvent(db: DB, id: number): Promise<CalendarEventRow> {
  const row = await db.selectFrom('events').select(calendarColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Event');
  return toCalendarRow(row);
}
