import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateEventInput, DeleteEventResult, Event, EventScope, UpdateEventInput } from '@post/contracts/events';
import type { OnHoliday } from '@post/contracts/enums/on-holiday';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import { attendanceCount } from '../attendance/attendance.service.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { imageChanges, imageColumns, pictureError } from '../images/images.service.ts';
import { saveShifts, seriesShifts, type ShiftWatch } from './shifts.service.ts';
import { complete, selectEvents, toEvent } from './events.service.ts';
import { formerPositions, newSeries, remainingRule, seriesValues } from './series-writes.ts';
import { inTransaction } from '../../lib/transaction.ts';

// Creating, editing and deleting events; a series' own writes are in series-writes.ts.

/** A service category named by an event's input must exist (a 400, not the foreign key's error). */
async function checkCategory(db: DB, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const found = await db.selectFrom('serviceCategories').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw badRequest(serviceHoursMessages.categoryUnknown);
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
export async function deletePreview(
  db: DB,
  id: number,
  scope: EventScope = 'this',
): Promise<{ deletedEvents: number; deletedSignups: number; attendance: number }> {
  const { ids } = await deletionOf(db, id, scope, false);
  return { deletedEvents: ids.length, deletedSignups: await signupsOf(db, ids), attendance: await attendanceCount(db, ids) };
}

/**
 * Deletes an event and (by the foreign key's cascade) its volunteers; scope=following also
 * deletes every later occurrence of its series and ends the series there. Answers how many
 * events and sign-ups went. 404 when missing.
 */
export async function deleteEvent(db: DB, id: number, scope: EventScope = 'this'): Promise<DeleteEventResult> {
  return inTransaction(db, async (trx) => {
    const { ids, seriesId, cut } = await deletionOf(trx, id, scope, true);
    // Service hours are never deleted with their event (decision 0081).
    const attended = await attendanceCount(trx, ids);
    if (attended > 0) throw conflict(attendanceMessages.eventHasAttendance(attended));
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
