import { sql } from 'kysely';
import type { DB, EventRow, SeriesShift } from '@post/db';
import type { CreateEventInput, UpdateEventInput } from '@post/contracts/events';
import type { ShiftInput } from '@post/contracts/shifts';
import { MAX_COUNT } from '@post/contracts/limits';
import { repeatRuleMessages } from '@post/contracts/messages/repeat-rules';
import type { OnHoliday } from '@post/contracts/enums/on-holiday';
import { parseRule } from '@post/contracts/recurrence';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { badRequest } from '../../errors.ts';
import { expandSeries, horizonFrom, type Instance } from './series.service.ts';
import { imageColumns, pictureError } from '../images/images.service.ts';
import { applyTemplate, insertTemplateShifts, saveShifts, seriesShifts, type ShiftWatch } from './shifts.service.ts';

// A series written by a create or an edit (its expansion and periodic extension are in series.service.ts).

/** A series' fields as the input gives them, with its wall-clock start in the post's zone. */
export function seriesValues(
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
export async function newSeries(
  trx: DB,
  values: ReturnType<typeof seriesValues>,
  edited: { id: number; startDate: Date; endDate: Date } | null,
  existing: EventRow[],
  now: Date,
  /** The edited event's shifts as the input gives them (undefined: shifts as they are), the former position of each, and who hears of changes. */
  shiftPlan: { input: ShiftInput[] | undefined; fromOld: (number | null)[]; watch?: ShiftWatch } = { input: undefined, fromOld: [] },
): Promise<number> {
  const instances = expandSeries({ ...values, endsBefore: null }, null, horizonFrom(now));
  if (instances.length === 0) throw badRequest(repeatRuleMessages.noOccurrences);
  // Bounded work per request: a rule starting long ago or repeating daily without end would insert thousands of rows.
  if (instances.length > MAX_COUNT) throw badRequest(repeatRuleMessages.tooManyOccurrences(instances.length));
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
export async function formerPositions(db: DB, eventId: number, input: ShiftInput[] | undefined): Promise<(number | null)[]> {
  if (!input) return [];
  const current = await db.selectFrom('volunteerShifts').select('id').where('eventId', '=', eventId).orderBy('position').orderBy('id').execute();
  const at = new Map(current.map((s, i) => [s.id, i]));
  return input.map((s) => (s.id !== undefined ? (at.get(s.id) ?? null) : null));
}

/** A rule with COUNT, shortened by the instances before `cut`, for the part of a split series after it. */
export function remainingRule(series: { rule: string; dtstart: string; durationMinutes: number; timeZone: string; onHoliday: string }, cut: Date): string {
  const parsed = parseRule(series.rule);
  if (!parsed.ok || parsed.rule.count === null) return series.rule;
  const before = expandSeries({ ...series, onHoliday: 'keep', endsBefore: null }, null, cut).length;
  return series.rule.replace(/COUNT=\d+/, `COUNT=${Math.max(1, parsed.rule.count - before)}`);
}
