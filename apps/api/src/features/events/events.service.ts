import { sql } from 'kysely';
import type { DB, EventRow } from '@post/db';
import type { AdminEventsPage, Event, EventDetail, EventWithVolunteers } from '@post/contracts/events';
import type { VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import type { OnHoliday } from '@post/contracts/enums/on-holiday';
import { describeRule } from '@post/contracts/recurrence';
import { likePattern, PAGE_SIZE } from '@post/contracts/paging';
import { notFound } from '../../errors.ts';
import { withImages } from '../images/images.service.ts';
import { waitlistPositions, withShifts } from './shifts.service.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { publicName } from '@post/contracts/rules/public-name';

// The reads of events; their writes are in event-writes.ts, a series' in series-writes.ts.

const iso = (d: Date | string): string => new Date(d).toISOString();

/** An events row with its series' rule (left join; nulls for single events). */
type EventWithSeries = EventRow & { rule: string | null; onHoliday: string | null; dtstart: string | null };

export function toEvent(row: EventWithSeries): Event {
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
    seriesId: row.seriesId,
    recurrence: row.seriesId !== null && row.rule ? { rule: row.rule, onHoliday: (row.onHoliday ?? 'keep') as OnHoliday } : null,
    repeats: row.seriesId !== null && row.rule ? describeRule(row.rule, row.dtstart?.slice(0, 10)) : null,
    shifts: [],
  };
}

export function selectEvents(db: DB) {
  return db.selectFrom('events as e').leftJoin('eventSeries as s', 's.id', 'e.seriesId').selectAll('e').select(['s.rule', 's.onHoliday', 's.dtstart']);
}

/** Events with their pictures and shifts (the shifts' sums as Positions and Filled). */
export async function complete<T extends Event>(db: DB, events: T[]): Promise<T[]> {
  return withShifts(db, await withImages(db, events));
}

/** Confirmed volunteers' public fields (name, role; the shift when there is one) of the given events, by event id, in sign-up order. */
async function publicVolunteersOf(db: DB, eventIds: number[]): Promise<Map<number, VolunteerPublic[]>> {
  const byEvent = new Map<number, VolunteerPublic[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  // The public sees first name and last initial unless the post chose full names (decision 0096).
  const { publicFullNames } = await getSettings(db);
  const rows = await db
    .selectFrom('volunteers')
    .select(['id', 'eventId', 'name', 'role', 'shiftId'])
    .where('eventId', 'in', eventIds)
    .where('status', '=', 'confirmed')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const r of rows)
    byEvent
      .get(r.eventId)
      ?.push({ id: r.id, eventId: r.eventId, name: publicName(r.name, publicFullNames), role: r.role, ...(r.shiftId !== null ? { shiftId: r.shiftId } : {}) });
  return byEvent;
}

/** Every event, soonest first. */
export async function listEvents(db: DB): Promise<Event[]> {
  // Unlisted events (a funeral honors detail not chosen for the calendar, decision 0088) are staff-only.
  const rows = await selectEvents(db).where('e.listed', '=', true).orderBy('e.startDate').orderBy('e.id').execute();
  return complete(db, rows.map(toEvent));
}

/**
 * The dashboard's Events tab (issue 20): upcoming (not ended) soonest first or past latest
 * first, optionally searched by title or location, 25 a page, with the total. Two indexed
 * queries on events_start_idx whatever the table's size.
 */
export async function adminEvents(db: DB, input: { when: 'upcoming' | 'past'; q?: string; page: number }, now = new Date()): Promise<AdminEventsPage> {
  const filtered = <Q extends ReturnType<typeof selectEvents>>(q: Q): Q => {
    let out = q.where('e.endDate', input.when === 'upcoming' ? '>=' : '<', now) as Q;
    if (input.q) {
      const like = likePattern(input.q);
      out = out.where((eb) => eb.or([eb(sql<string>`lower(e.title)`, 'like', like), eb(sql<string>`lower(e.location)`, 'like', like)])) as Q;
    }
    return out;
  };
  const dir = input.when === 'upcoming' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    filtered(selectEvents(db))
      .orderBy('e.startDate', dir)
      .orderBy('e.id', dir)
      .limit(PAGE_SIZE)
      .offset((input.page - 1) * PAGE_SIZE)
      .execute(),
    filtered(selectEvents(db))
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await withShifts(db, rows.map(toEvent)), total: total.n, page: input.page, pageSize: PAGE_SIZE };
}

/** Events that have not started, soonest first, with volunteers' public fields. */
export async function upcomingEvents(db: DB): Promise<EventWithVolunteers[]> {
  const rows = await selectEvents(db)
    .where('e.startDate', '>', sql<Date>`now()`)
    .where('e.listed', '=', true)
    .orderBy('e.startDate')
    .orderBy('e.id')
    .execute();
  const volunteers = await publicVolunteersOf(
    db,
    rows.map((r) => r.id),
  );
  return complete(
    db,
    rows.map((r) => ({ ...toEvent(r), volunteers: volunteers.get(r.id) ?? [] })),
  );
}

/** One event as a write answers it (after a promotion changed its counts). */
export async function eventOf(db: DB, id: number): Promise<Event> {
  return (await complete(db, [toEvent(await selectEvents(db).where('e.id', '=', id).executeTakeFirstOrThrow())]))[0]!;
}

/** One event; volunteers' e-mail and phone only when `withContacts`. 404 when missing. */
export async function eventById(db: DB, id: number, withContacts: boolean): Promise<EventDetail> {
  const row = await selectEvents(db).where('e.id', '=', id).executeTakeFirst();
  // An unlisted event does not exist for the public (decision 0088).
  if (!row || (!withContacts && !row.listed)) throw notFound('Event');
  let volunteers: VolunteerView[];
  if (withContacts) {
    const rows = await db
      .selectFrom('volunteers')
      .select(['id', 'eventId', 'name', 'role', 'email', 'phone', 'shiftId', 'status'])
      .where('eventId', '=', id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    // Administrators see who waits, and where (issue 43).
    const places = await waitlistPositions(db, [id]);
    volunteers = rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      name: r.name,
      role: r.role,
      email: r.email,
      phone: r.phone,
      ...(r.shiftId !== null ? { shiftId: r.shiftId } : {}),
      ...(r.status === 'waitlisted' ? { status: 'waitlisted' as const, position: places.get(r.id) } : {}),
    }));
  } else {
    volunteers = (await publicVolunteersOf(db, [id])).get(id) ?? [];
  }
  const detail = { ...toEvent(row), volunteers, ...(withContacts ? { serviceCategoryId: row.serviceCategoryId } : {}) };
  return (await complete(db, [detail]))[0]!;
}
