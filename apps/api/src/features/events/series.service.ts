import ICAL from 'ical.js';
import type { DB, EventSeriesRow } from '@post/db';
import { holidaysForYear } from '@post/contracts/rules/holidays';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import type { OnHoliday } from '@post/contracts/enums/on-holiday';
import { insertTemplateShifts } from './shifts.service.ts';
import { inTransaction } from '../../lib/transaction.ts';

/**
 * Recurring events (decision 0020): a series' RFC 5545 rule is evaluated by ical.js (Mozilla's
 * iCalendar library) in floating wall-clock time, and each wall-clock occurrence is placed in
 * the series' IANA zone afterwards, so 19:00 stays 19:00 on both sides of a daylight-saving
 * change. Occurrences are stored as events rows; the periodic job keeps them `HORIZON_DAYS`
 * ahead.
 */

/** How far ahead occurrences exist: 18 months plus a margin for the job's interval and restarts. */
export const HORIZON_DAYS = 560;
/** How often each node extends the series (the job is idempotent, several nodes may run it). */
export const EXTEND_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** A guard against runaway iteration: a daily rule over 560 days is far below it. */
const MAX_ITERATIONS = 5000;

const DAY_MS = 24 * 60 * 60 * 1000;

export function horizonFrom(now: Date): Date {
  return new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
}

/** What expanding a series needs. */
export type SeriesRule = Pick<EventSeriesRow, 'rule' | 'dtstart' | 'durationMinutes' | 'timeZone' | 'endsBefore'> & { onHoliday: OnHoliday | string };

/** One occurrence: the rule's instant, and where it lands after the holiday rule. */
export interface Instance {
  /** The rule's instant (the unique key with the series id). */
  original: Date;
  /** Its wall-clock date in the series' zone, YYYY-MM-DD (before any holiday move). */
  originalDate: string;
  start: Date;
  end: Date;
}

const holidayCache = new Map<number, Set<string>>();
function isHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(holidaysForYear(year).map((h) => h.date));
    holidayCache.set(year, set);
  }
  return set.has(date);
}

function nextDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

function floating(date: string, time: string): ICAL.Time {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return ICAL.Time.fromData({ year: y, month: m, day: d, hour: hh, minute: mm, second: 0, isDate: false });
}

/**
 * The instances of a series whose rule instant lies in [from, to), in order. UNTIL written in
 * UTC is turned into the zone's wall clock first, since the rule runs in floating time.
 */
export function expandSeries(s: SeriesRule, from: Date | null, to: Date): Instance[] {
  const [startDate, startTime] = s.dtstart.split('T') as [string, string];
  const recur = ICAL.Recur.fromString(s.rule);
  if (recur.until) {
    const u = recur.until;
    if (u.isDate) {
      // A date UNTIL includes the whole day.
      recur.until = floating(`${u.year}-${pad(u.month)}-${pad(u.day)}`, '23:59');
    } else if (u.zone === ICAL.Timezone.utcTimezone) {
      const local = utcToZoned(new Date(Date.UTC(u.year, u.month - 1, u.day, u.hour, u.minute, u.second)), s.timeZone);
      recur.until = floating(local.date, local.time);
    }
  }
  const endsBefore = s.endsBefore ? new Date(s.endsBefore).getTime() : Infinity;
  const out: Instance[] = [];
  const it = recur.iterator(floating(startDate, startTime));
  for (let i = 0, n = it.next(); n && i < MAX_ITERATIONS; i++, n = it.next()) {
    const date = `${String(n.year).padStart(4, '0')}-${pad(n.month)}-${pad(n.day)}`;
    const time = `${pad(n.hour)}:${pad(n.minute)}`;
    const original = zonedToUtc(date, time, s.timeZone);
    if (original.getTime() >= to.getTime() || original.getTime() >= endsBefore) break;
    if (from && original.getTime() < from.getTime()) continue;
    let day = date;
    if (isHoliday(date)) {
      if (s.onHoliday === 'skip') continue;
      if (s.onHoliday === 'next-day') while (isHoliday(day)) day = nextDate(day);
    }
    const start = day === date ? original : zonedToUtc(day, time, s.timeZone);
    out.push({ original, originalDate: date, start, end: new Date(start.getTime() + s.durationMinutes * 60_000) });
  }
  return out;
}

/** The series' fields an occurrence copies. */
function occurrenceValues(s: EventSeriesRow, i: Instance) {
  return {
    title: s.title,
    description: s.description,
    location: s.location,
    type: s.type,
    volunteerPositions: s.volunteerPositions,
    createdBy: s.createdBy,
    imageId: s.imageId,
    imageAlt: s.imageAlt,
    serviceCategoryId: s.serviceCategoryId,
    startDate: i.start,
    endDate: i.end,
    seriesId: s.id,
    originalStart: i.original,
  };
}

/**
 * Inserts the series' occurrences from its `materialisedUntil` up to the horizon, inside the
 * caller's transaction. The series row is locked first and the insert ignores (series_id,
 * original_start) duplicates, so nodes running this at once add each occurrence once; an
 * occurrence deleted on purpose lies before `materialisedUntil` and never comes back.
 */
export async function materialiseIn(trx: DB, seriesId: number, now: Date): Promise<number> {
  const s = await trx.selectFrom('eventSeries').selectAll().where('id', '=', seriesId).forUpdate().executeTakeFirst();
  if (!s) return 0;
  const to = horizonFrom(now);
  const from = s.materialisedUntil ? new Date(s.materialisedUntil) : null;
  if (from && from.getTime() >= to.getTime()) return 0;
  const instances = expandSeries({ ...s, onHoliday: s.onHoliday as OnHoliday }, from, to);
  let added = 0;
  for (let i = 0; i < instances.length; i += 200) {
    const rows = instances.slice(i, i + 200).map((inst) => occurrenceValues(s, inst));
    const res = await trx
      .insertInto('events')
      .values(rows)
      .onConflict((oc) => oc.columns(['seriesId', 'originalStart']).doNothing())
      .returning(['id', 'startDate'])
      .execute();
    // Each new occurrence gets the series' shifts (decision 0064).
    await insertTemplateShifts(trx, res, s.shifts);
    added += res.length;
  }
  await trx.updateTable('eventSeries').set({ materialisedUntil: to }).where('id', '=', seriesId).execute();
  return added;
}

/** Extends every series to the horizon; returns the number of occurrences added. Safe to run on every node. */
export async function extendAllSeries(db: DB, now = new Date()): Promise<number> {
  const to = horizonFrom(now);
  const due = await db
    .selectFrom('eventSeries')
    .select('id')
    .where((eb) => eb.or([eb('materialisedUntil', 'is', null), eb('materialisedUntil', '<', to)]))
    .where((eb) => eb.or([eb('endsBefore', 'is', null), eb('materialisedUntil', 'is', null), eb('materialisedUntil', '<', eb.ref('endsBefore'))]))
    .orderBy('id')
    .execute();
  let added = 0;
  for (const { id } of due) added += await inTransaction(db, (trx) => materialiseIn(trx, id, now));
  return added;
}

/** Starts the periodic extension on this node: once now, then every `EXTEND_INTERVAL_MS`. */
export function startSeriesJob(db: DB, log: (msg: string) => void): () => void {
  const run = () =>
    extendAllSeries(db).then(
      (n) => n && log(`recurring events: ${n} occurrences added`),
      (err: unknown) => log(`recurring events: extension failed, will retry (${(err as Error).message})`),
    );
  void run();
  const timer = setInterval(run, EXTEND_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
