import { sql } from 'kysely';
import type { DB, EventRow } from '@post/db';
import type {
  AdminEventsPage,
  CreateEventInput,
  DeleteEventResult,
  Event,
  EventDetail,
  EventScope,
  EventWithVolunteers,
  UpdateEventInput,
} from '@post/contracts/events';
import type { VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import type { ShiftInput } from '@post/contracts/shifts';
import { describeRule, MAX_COUNT, parseRule, R, type OnHoliday } from '@post/contracts/recurrence';
import { likePattern, PAGE_SIZE } from '@post/contracts/paging';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { SERVICE_MESSAGES } from '@post/contracts/service-hours';
import { badRequest, notFound } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { expandSeries, horizonFrom, type Instance } from './series.service.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';
import { applyTemplate, insertTemplateShifts, saveShifts, seriesShifts, waitlistPositions, withShifts, type ShiftWatch } from './shifts.service.ts';
import type { SeriesShift } from '@post/db';

const iso = (d: Date | string): string => new Date(d).toISOString();

/** Runs `fn` in the caller's transaction when there is one (an edit's e-mail notices share it), else in a new one. */
function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** An events row with its series' rule (left join; nulls for single events). */
type EventWithSeries = EventRow & { rule: string | null; onHoliday: string | null; dtstart: string | null };

function toEvent(row: EventWithSeries): Event {
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

function selectEvents(db: DB) {
  return db.selectFrom('events as e').leftJoin('eventSeries as s', 's.id', 'e.seriesId').selectAll('e').select(['s.rule', 's.onHoliday', 's.dtstart']);
}

/** Events with their pictures and shifts (the shifts' sums as Positions and Filled). */
async function complete<T extends Event>(db: DB, events: T[]): Promise<T[]> {
  return withShifts(db, await withImages(db, events));
}

/** Confirmed volunteers' public fields (name, role; the shift when there is one) of the given events, by event id, in sign-up order. */
async function publicVolunteersOf(db: DB, eventIds: number[]): Promise<Map<number, VolunteerPublic[]>> {
  const byEvent = new Map<number, VolunteerPublic[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('volunteers')
    .select(['id', 'eventId', 'name', 'role', 'shiftId'])
    .where('eventId', 'in', eventIds)
    .where('status', '=', 'confirmed')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const r of rows)
    byEvent.get(r.eventId)?.push({ id: r.id, eventId: r.eventId, name: r.name, role: r.role, ...(r.shiftId !== null ? { shiftId: r.shiftId } : {}) });
  return byEvent;
}

/** Every event, soonest first. */
export async function listEvents(db: DB): Promise<Event[]> {
  const rows = await selectEvents(db).orderBy('e.startDate').orderBy('e.id').execute();
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
  if (!row) throw notFound('Event');
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

/** A series' fields as the input gives them, with its wall-clock start in the post's zone. */
function seriesValues(
  input: CreateEventInput | UpdateEventInput,
  recurrence: { rule: string; onHoliday: OnHoliday },
  timeZone: string,
  userId: number,
  kept: { imageId: number | null; imageAlt: string | null; serviceCategoryId: number | null } = { imageId: null, imageAlt: null, serviceCategoryId: null },
  template: SeriesShift[] = input.shifts ? seriesShifts(input.startDate, input.shifts) : [],
) {
  const start = new Date(input.startDate);
  const local = utcToZoned(start, timeZone);
  return {
    rule: recurrence.rule,
    onHoliday: recurrence.onHoliday,
    dtstart: `${local.date}T${local.time}`,
    durationMinutes: Math.round((Date.parse(input.endDate) - start.getTime()) / 60_000),
    timeZone,
    title: input.title,
    description: input.description,
    location: input.location,
    type: input.type,
    volunteerPositions: input.volunteerPositions,
    createdBy: userId,
    shifts: template,
    // Occurrences copy the series' picture and service category (a PUT that does not name one keeps the event's).
    ...(input.imageId !== undefined ? imageColumns(input) : { imageId: kept.imageId, imageAlt: kept.imageAlt }),
    serviceCategoryId: input.serviceCategoryId !== undefined ? input.serviceCategoryId : kept.serviceCategoryId,
  };
}

/**
 * Makes a new series and brings `existing` occurrences (the edited event first, then later
 * occurrences of the series being split) in line with it, inside the caller's transaction:
 * an existing occurrence on the same date as a new instance becomes that instance (its id, page
 * and sign-ups kept); the edited event takes the input's own dates; one with sign-ups and no
 * matching date is kept as a single event (a series change never deletes a sign-up); the rest
 * are deleted; instances no existing occurrence covers are inserted. Returns the series id.
 */
async function newSeries(
  trx: DB,
  values: ReturnType<typeof seriesValues>,
  edited: { id: number; startDate: Date; endDate: Date } | null,
  existing: EventRow[],
  now: Date,
  /** The edited event's shifts as the input gives them (undefined: shifts as they are), the former position of each, and who hears of changes. */
  shiftPlan: { input: ShiftInput[] | undefined; fromOld: (number | null)[]; watch?: ShiftWatch } = { input: undefined, fromOld: [] },
): Promise<number> {
  const instances = expandSeries({ ...values, endsBefore: null }, null, horizonFrom(now));
  if (instances.length === 0) throw badRequest(R.noOccurrences);
  // Bounded work per request: a rule starting long ago or repeating daily without end would insert thousands of rows.
  if (instances.length > MAX_COUNT) throw badRequest(R.tooManyOccurrences(instances.length));
  const series = await trx
    .insertInto('eventSeries')
    .values({ ...values, shifts: JSON.stringify(values.shifts), materialisedUntil: horizonFrom(now) })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err) => {
      throw pictureError(err);
    });
  const byDate = new Map<string, Instance>(instances.map((i) => [i.originalDate, i]));
  const fields = {
    title: values.title,
    description: values.description,
    location: values.location,
    type: values.type,
    volunteerPositions: values.volunteerPositions,
    imageId: values.imageId,
    imageAlt: values.imageAlt,
    serviceCategoryId: values.serviceCategoryId,
  };
  const bump = { sequence: sql<number>`sequence + 1`, updatedAt: sql<Date>`now()` };
  if (edited) {
    const match = byDate.get(utcToZoned(edited.startDate, values.timeZone).date);
    if (match) byDate.delete(match.originalDate);
    await trx
      .updateTable('events')
      .set({
        ...fields,
        ...bump,
        startDate: edited.startDate,
        endDate: edited.endDate,
        seriesId: series.id,
        originalStart: match?.original ?? edited.startDate,
      })
      .where('id', '=', edited.id)
      .execute();
    if (shiftPlan.input) await saveShifts(trx, edited.id, shiftPlan.input, shiftPlan.watch);
  }
  // Waiting sign-ups count too: an occurrence with any is kept, never deleted under them.
  const withSignups = new Set(
    existing.length
      ? (
          await trx
            .selectFrom('volunteers')
            .select('eventId')
            .distinct()
            .where(
              'eventId',
              'in',
              existing.map((r) => r.id),
            )
            .execute()
        ).map((r) => r.eventId)
      : [],
  );
  for (const row of existing) {
    if (edited && row.id === edited.id) continue;
    const date = utcToZoned(new Date(row.originalStart ?? row.startDate), values.timeZone).date;
    const match = byDate.get(date);
    if (match) {
      byDate.delete(date);
      await trx
        .updateTable('events')
        .set({ ...fields, ...bump, startDate: match.start, endDate: match.end, seriesId: series.id, originalStart: match.original })
        .where('id', '=', row.id)
        .execute();
      // "This and following" carries the edited shifts to each later date (decision 0064).
      if (shiftPlan.input) await applyTemplate(trx, row.id, match.start, values.shifts, shiftPlan.fromOld, shiftPlan.watch);
    } else if (withSignups.has(row.id)) {
      await trx
        .updateTable('events')
        .set({ ...fields, ...bump, seriesId: null })
        .where('id', '=', row.id)
        .execute();
    } else {
      await trx.deleteFrom('events').where('id', '=', row.id).execute();
    }
  }
  const rest = [...byDate.values()];
  for (let i = 0; i < rest.length; i += 200) {
    const added = await trx
      .insertInto('events')
      .values(
        rest.slice(i, i + 200).map((inst) => ({
          ...fields,
          createdBy: values.createdBy,
          startDate: inst.start,
          endDate: inst.end,
          seriesId: series.id,
          originalStart: inst.original,
        })),
      )
      .returning(['id', 'startDate'])
      .execute();
    await insertTemplateShifts(trx, added, values.shifts);
  }
  return series.id;
}

/** Former position of each input shift among the event's current shifts (null for a new one). */
async function formerPositions(db: DB, eventId: number, input: ShiftInput[] | undefined): Promise<(number | null)[]> {
  if (!input) return [];
  const current = await db.selectFrom('volunteerShifts').select('id').where('eventId', '=', eventId).orderBy('position').orderBy('id').execute();
  const at = new Map(current.map((s, i) => [s.id, i]));
  return input.map((s) => (s.id !== undefined ? (at.get(s.id) ?? null) : null));
}

/** A service category named by an event's input must exist (a 400, not the foreign key's error). */
async function checkCategory(db: DB, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const found = await db.selectFrom('serviceCategories').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw badRequest(SERVICE_MESSAGES.categoryUnknown);
}

/** The first occurrence of a series (the answer to creating one). */
async function firstOfSeries(db: DB, seriesId: number): Promise<Event> {
  const row = await selectEvents(db).where('e.seriesId', '=', seriesId).orderBy('e.startDate').orderBy('e.id').limit(1).executeTakeFirstOrThrow();
  return toEvent(row);
}

/**
 * Creates an event; the signed-in administrator is its author. With `recurrence` it creates a
 * series and its occurrences for the next 18 months (the answer is the first occurrence).
 */
export async function createEvent(db: DB, input: CreateEventInput, userId: number, now = new Date()): Promise<Event> {
  await checkCategory(db, input.serviceCategoryId);
  if (input.recurrence) {
    const recurrence = input.recurrence;
    const { timeZone } = await getSettings(db);
    return inTransaction(db, async (trx) => {
      const id = await newSeries(trx, seriesValues(input, recurrence, timeZone, userId), null, [], now);
      return (await complete(trx, [await firstOfSeries(trx, id)]))[0]!;
    });
  }
  return inTransaction(db, (trx) => createSingle(trx, input, userId));
}

async function createSingle(db: DB, input: CreateEventInput, userId: number): Promise<Event> {
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
      serviceCategoryId: input.serviceCategoryId ?? null,
      ...imageColumns(input),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err) => {
      throw pictureError(err);
    });
  if (input.shifts?.length) await saveShifts(db, row.id, input.shifts);
  return (await complete(db, [toEvent(await selectEvents(db).where('e.id', '=', row.id).executeTakeFirstOrThrow())]))[0]!;
}

/** A rule with COUNT, shortened by the instances before `cut`, for the part of a split series after it. */
function remainingRule(series: { rule: string; dtstart: string; durationMinutes: number; timeZone: string; onHoliday: string }, cut: Date): string {
  const parsed = parseRule(series.rule);
  if (!parsed.ok || parsed.rule.count === null) return series.rule;
  const before = expandSeries({ ...series, onHoliday: 'keep', endsBefore: null }, null, cut).length;
  return series.rule.replace(/COUNT=\d+/, `COUNT=${Math.max(1, parsed.rule.count - before)}`);
}

/**
 * Replaces an event and bumps its iCalendar SEQUENCE, so subscribed calendars take the change.
 * scope=this on an occurrence detaches it from its series (the others stay as they are);
 * scope=following ends the series before this occurrence and starts a new one from it with
 * the input's fields and rule (its own, or the old one). `recurrence` on a single event makes
 * it the first occurrence of a new series. 404 when missing.
 */
export async function updateEvent(db: DB, input: UpdateEventInput, userId = 1, now = new Date(), watch?: ShiftWatch): Promise<Event> {
  const current = await db.selectFrom('events').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (!current) throw notFound('Event');
  await checkCategory(db, input.serviceCategoryId);
  const startDate = new Date(input.startDate);
  const endDate = new Date(input.endDate);
  const { timeZone } = await getSettings(db);

  if (current.seriesId !== null && input.scope === 'following') {
    const seriesId = current.seriesId;
    return inTransaction(db, async (trx) => {
      const old = await trx.selectFrom('eventSeries').selectAll().where('id', '=', seriesId).forUpdate().executeTakeFirstOrThrow();
      const cut = new Date(current.originalStart ?? current.startDate);
      const later = await trx
        .selectFrom('events')
        .selectAll()
        .where('seriesId', '=', seriesId)
        .where('originalStart', '>=', cut)
        .orderBy('originalStart')
        .execute();
      const recurrence = input.recurrence ?? { rule: remainingRule(old, cut), onHoliday: old.onHoliday as OnHoliday };
      const template = input.shifts ? seriesShifts(input.startDate, input.shifts) : old.shifts;
      const shiftPlan = { input: input.shifts, fromOld: await formerPositions(trx, current.id, input.shifts), watch };
      await trx
        .updateTable('eventSeries')
        .set({ endsBefore: cut, updatedAt: sql<Date>`now()` })
        .where('id', '=', seriesId)
        .execute();
      await newSeries(
        trx,
        seriesValues(input, recurrence, timeZone, old.createdBy, current, template),
        { id: current.id, startDate, endDate },
        later,
        now,
        shiftPlan,
      );
      return (await complete(trx, [toEvent(await selectEvents(trx).where('e.id', '=', current.id).executeTakeFirstOrThrow())]))[0]!;
    });
  }
  if (current.seriesId === null && input.recurrence) {
    const recurrence = input.recurrence;
    return inTransaction(db, async (trx) => {
      const shiftPlan = { input: input.shifts, fromOld: await formerPositions(trx, current.id, input.shifts), watch };
      await newSeries(
        trx,
        seriesValues(input, recurrence, timeZone, current.createdBy ?? userId, current),
        { id: current.id, startDate, endDate },
        [],
        now,
        shiftPlan,
      );
      return (await complete(trx, [toEvent(await selectEvents(trx).where('e.id', '=', current.id).executeTakeFirstOrThrow())]))[0]!;
    });
  }
  return inTransaction(db, (trx) => updateSingle(trx, input, startDate, endDate, watch));
}

async function updateSingle(db: DB, input: UpdateEventInput, startDate: Date, endDate: Date, watch?: ShiftWatch): Promise<Event> {
  await db
    .updateTable('events')
    .set((eb) => ({
      title: input.title,
      description: input.description,
      location: input.location,
      startDate,
      endDate,
      type: input.type,
      volunteerPositions: input.volunteerPositions,
      ...imageChanges(input),
      ...(input.serviceCategoryId !== undefined ? { serviceCategoryId: input.serviceCategoryId } : {}),
      // One occurrence changed on its own leaves the series; original_start stays, so the
      // periodic job never adds the rule's instant again.
      seriesId: null,
      sequence: eb('sequence', '+', 1),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', input.id)
    .execute()
    .catch((err) => {
      throw pictureError(err);
    });
  if (input.shifts) await saveShifts(db, input.id, input.shifts, watch);
  const row = await selectEvents(db).where('e.id', '=', input.id).executeTakeFirstOrThrow();
  return (await complete(db, [toEvent(row)]))[0]!;
}

/**
 * Deletes an event and (by the foreign key's cascade) its volunteers; scope=following also
 * deletes every later occurrence of its series and ends the series there. Answers how many
 * events and sign-ups went. 404 when missing.
 */
/** The events a delete with this scope removes (the event, and with scope=following the later occurrences) and where its series is cut. */
async function deletionOf(db: DB, id: number, scope: EventScope, lock: boolean) {
  let q = db.selectFrom('events').select(['id', 'seriesId', 'originalStart', 'startDate']).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const current = await q.executeTakeFirst();
  if (!current) throw notFound('Event');
  if (scope !== 'following' || current.seriesId === null) return { ids: [id], seriesId: null, cut: null };
  const cut = new Date(current.originalStart ?? current.startDate);
  const later = await db.selectFrom('events').select('id').where('seriesId', '=', current.seriesId).where('originalStart', '>=', cut).execute();
  return { ids: [...new Set([id, ...later.map((r) => r.id)])], seriesId: current.seriesId, cut };
}

/**
 * The dates an edit may move, as they are before it, locked: the event, and with scope=following
 * its series' later occurrences that have sign-ups (waiting ones too). What their volunteers are
 * told of is judged against these.
 */
export async function datesOfEdit(db: DB, id: number, scope: EventScope) {
  const current = await db
    .selectFrom('events')
    .select(['id', 'seriesId', 'originalStart', 'startDate', 'endDate', 'location'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return [];
  if (scope !== 'following' || current.seriesId === null) return [current];
  const later = await db
    .selectFrom('events as e')
    .select(['e.id', 'e.startDate', 'e.endDate', 'e.location'])
    .where('e.seriesId', '=', current.seriesId)
    .where('e.originalStart', '>=', new Date(current.originalStart ?? current.startDate))
    .where('e.id', '!=', id)
    .where((eb) => eb.exists(eb.selectFrom('volunteers as v').select('v.id').whereRef('v.eventId', '=', 'e.id')))
    .orderBy('e.startDate')
    .forUpdate()
    .execute();
  return [current, ...later];
}

/** The ids a delete with this scope removes (for the notices to their volunteers, in the delete's transaction). 404 when missing. */
export async function idsToDelete(db: DB, id: number, scope: EventScope = 'this'): Promise<number[]> {
  return (await deletionOf(db, id, scope, true)).ids;
}

async function signupsOf(db: DB, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom('volunteers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('eventId', 'in', ids)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** What a delete would remove, for the confirmation ("This deletes 3 volunteer sign-ups"). 404 when missing. */
export async function deletePreview(db: DB, id: number, scope: EventScope = 'this'): Promise<{ deletedEvents: number; deletedSignups: number }> {
  const { ids } = await deletionOf(db, id, scope, false);
  return { deletedEvents: ids.length, deletedSignups: await signupsOf(db, ids) };
}

export async function deleteEvent(db: DB, id: number, scope: EventScope = 'this'): Promise<DeleteEventResult> {
  return inTransaction(db, async (trx) => {
    const { ids, seriesId, cut } = await deletionOf(trx, id, scope, true);
    if (seriesId !== null && cut) {
      await trx
        .updateTable('eventSeries')
        .set({ endsBefore: cut, updatedAt: sql<Date>`now()` })
        .where('id', '=', seriesId)
        .execute();
    }
    const deletedSignups = await signupsOf(trx, ids);
    await trx.deleteFrom('events').where('id', 'in', ids).execute();
    return { ok: true as const, deletedEvents: ids.length, deletedSignups };
  });
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
  const rows = await db.selectFrom('events').select(calendarColumns).where('endDate', '>=', since).orderBy('startDate').orderBy('id').execute();
  return rows.map(toCalendarRow);
}

/** One event for "Add to calendar"; 404 when missing. */
export async function calendarEvent(db: DB, id: number): Promise<CalendarEventRow> {
  const row = await db.selectFrom('events').select(calendarColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Event');
  return toCalendarRow(row);
}
