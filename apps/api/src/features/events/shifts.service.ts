import { sql } from 'kysely';
import type { DB, SeriesShift } from '@post/db';
import type { Shift, ShiftInput } from '@post/contracts/shifts';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { badRequest } from '../../errors.ts';

// Shifts of an event (issue 43, decision 0064): rows of volunteer_shifts in `position` order.
// An event with shifts shows Positions and Filled as the sums over them; one without keeps its
// one pool (volunteerPositions), exactly as before.

const iso = (d: Date | string): string => new Date(d).toISOString();

/** The shifts of the given events in order, each with its confirmed and waiting counts, by event id. */
export async function shiftsOf(db: DB, eventIds: number[]): Promise<Map<number, Shift[]>> {
  const byEvent = new Map<number, Shift[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('volunteerShifts as s')
    .select([
      's.id',
      's.eventId',
      's.role',
      's.startDate',
      's.endDate',
      's.capacity',
      's.note',
      's.volunteerCount',
      sql<number>`(select count(*)::int from volunteers w where w.shift_id = s.id and w.status = 'waitlisted')`.as('waitlisted'),
    ])
    .where('s.eventId', 'in', eventIds)
    .orderBy('s.eventId')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  for (const r of rows)
    byEvent.get(r.eventId)?.push({
      id: r.id,
      role: r.role,
      startDate: iso(r.startDate),
      endDate: iso(r.endDate),
      capacity: r.capacity,
      filled: r.volunteerCount,
      waitlisted: r.waitlisted,
      note: r.note,
    });
  return byEvent;
}

/** Events with their shifts; with shifts, Positions and Filled are the sums over them (issue 43). */
export async function withShifts<T extends { id: number; volunteerPositions: number; volunteerCount: number; shifts: Shift[] }>(
  db: DB,
  events: T[],
): Promise<T[]> {
  const shifts = await shiftsOf(
    db,
    events.map((e) => e.id),
  );
  return events.map((e) => {
    const own = shifts.get(e.id) ?? [];
    if (own.length === 0) return { ...e, shifts: [] };
    return {
      ...e,
      shifts: own,
      volunteerPositions: own.reduce((n, s) => n + s.capacity, 0),
      volunteerCount: own.reduce((n, s) => n + s.filled, 0),
    };
  });
}

/** What saving an event's shifts changed, for the notices to their volunteers. */
export interface ShiftChanges {
  /** Shifts that went; their sign-ups went with them. */
  removed: number[];
  /** Shifts whose time changed. */
  moved: number[];
}

/**
 * Who hears of an edit's changes to shifts, told for each event whose shifts it changes: an edit
 * of a series changes several dates' shifts, whose volunteers are all told (decision 0064).
 */
export interface ShiftWatch {
  /** Shifts about to be deleted with their sign-ups: the last moment their volunteers can be read. */
  removing(eventId: number, shiftIds: number[]): Promise<void>;
  /** Kept shifts whose time changed, once saved. */
  moved(eventId: number, shiftIds: number[]): void;
}

/**
 * Makes an event's shifts those of the input, matched by id (decision 0064): a shift with an id
 * is updated (400 when it is not the event's), one without is added, the event's others are
 * deleted with their sign-ups (`watch` hears of them first). Order is the input's. Capacity may
 * drop below the shift's sign-ups, as an event's positions may.
 */
export async function saveShifts(trx: DB, eventId: number, input: ShiftInput[], watch?: ShiftWatch): Promise<ShiftChanges> {
  const current = await trx.selectFrom('volunteerShifts').select(['id', 'startDate', 'endDate']).where('eventId', '=', eventId).forUpdate().execute();
  const byId = new Map(current.map((s) => [s.id, s]));
  const kept = new Set<number>();
  for (const s of input) {
    if (s.id === undefined) continue;
    if (!byId.has(s.id) || kept.has(s.id)) throw badRequest(shiftMessages.shiftUnknown);
    kept.add(s.id);
  }
  const removed = current.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (removed.length) {
    await watch?.removing(eventId, removed);
    await trx.deleteFrom('volunteerShifts').where('id', 'in', removed).execute();
  }
  const moved: number[] = [];
  for (const [position, s] of input.entries()) {
    const values = shiftRow(s, position);
    if (s.id === undefined) {
      await trx
        .insertInto('volunteerShifts')
        .values({ ...values, eventId })
        .execute();
      continue;
    }
    const old = byId.get(s.id)!;
    if (new Date(old.startDate).getTime() !== values.startDate.getTime() || new Date(old.endDate).getTime() !== values.endDate.getTime()) moved.push(s.id);
    await trx.updateTable('volunteerShifts').set(values).where('id', '=', s.id).execute();
  }
  if (moved.length) watch?.moved(eventId, moved);
  return { removed, moved };
}

/** A checked shift as its `volunteer_shifts` row stores it (one mapping; decision 0092). */
function shiftRow(s: ShiftInput, position: number) {
  return { role: s.role, startDate: new Date(s.startDate), endDate: new Date(s.endDate), capacity: s.capacity, note: s.note ?? null, position };
}

/** The shifts an event's occurrences copy, as offsets from its start (a series' template). */
export function seriesShifts(eventStart: Date | string, shifts: ShiftInput[]): SeriesShift[] {
  const start = new Date(eventStart).getTime();
  return shifts.map((s) => ({
    role: s.role,
    offsetMinutes: Math.round((Date.parse(s.startDate) - start) / 60_000),
    durationMinutes: Math.round((Date.parse(s.endDate) - Date.parse(s.startDate)) / 60_000),
    capacity: s.capacity,
    note: s.note ?? null,
  }));
}

/** A series' template placed at one occurrence's start, as shift inputs without ids. */
export function shiftsAt(template: SeriesShift[], start: Date): ShiftInput[] {
  return template.map((t) => {
    const from = new Date(start.getTime() + t.offsetMinutes * 60_000);
    return {
      role: t.role,
      startDate: from.toISOString(),
      endDate: new Date(from.getTime() + t.durationMinutes * 60_000).toISOString(),
      capacity: t.capacity,
      note: t.note,
    };
  });
}

/**
 * Brings an occurrence's shifts in line with a series' template: its shift at each former
 * position follows the template's shift that came from it (`fromOld[i]` = former position of
 * template shift i, or null for a new one); shifts with no template shift left are deleted.
 */
export async function applyTemplate(
  trx: DB,
  eventId: number,
  start: Date,
  template: SeriesShift[],
  fromOld: (number | null)[],
  watch?: ShiftWatch,
): Promise<ShiftChanges> {
  const current = await trx.selectFrom('volunteerShifts').select('id').where('eventId', '=', eventId).orderBy('position').orderBy('id').execute();
  const placed = shiftsAt(template, start);
  const input = placed.map((s, i) => {
    const old = fromOld[i];
    const id = old !== null && old !== undefined ? current[old]?.id : undefined;
    return id !== undefined ? { ...s, id } : s;
  });
  return saveShifts(trx, eventId, input, watch);
}

/** The place of each waiting sign-up of the given events in its pool (1 is next), by sign-up id. */
export async function waitlistPositions(db: DB, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('volunteers')
    .select(['id', sql<number>`row_number() over (partition by event_id, shift_id order by created_at, id)::int`.as('position')])
    .where('eventId', 'in', eventIds)
    .where('status', '=', 'waitlisted')
    .execute();
  return new Map(rows.map((r) => [r.id, r.position]));
}

/** New occurrences' shifts, from their series' template (decision 0064). */
export async function insertTemplateShifts(trx: DB, events: { id: number; startDate: Date | string }[], template: SeriesShift[]): Promise<void> {
  if (template.length === 0 || events.length === 0) return;
  const rows = events.flatMap((e) => shiftsAt(template, new Date(e.startDate)).map((s, position) => ({ eventId: e.id, ...shiftRow(s, position) })));
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('volunteerShifts')
      .values(rows.slice(i, i + 500))
      .execute();
}
