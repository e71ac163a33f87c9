import { TZDate, tzOffset } from '@date-fns/tz';

/** Start time prefilled in a new event form. */
export const DEFAULT_START_TIME = '09:00';
/** End time prefilled in a new event form. */
export const DEFAULT_END_TIME = '11:00';
/** Minutes after the start that the end time is moved to when the start changes. */
export const AUTO_END_MINUTES = 30;

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

/** A calendar date as milliseconds since 1970 at UTC midnight; day 32 rolls into the next month. */
function utcMs(d: { year: number; month: number; day: number }): number {
  const date = new Date(0);
  // setUTCFullYear keeps years 0-99 literal, which Date.UTC would map to 1900-1999.
  date.setUTCFullYear(d.year, d.month - 1, d.day);
  return date.getTime();
}

function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Seconds are accepted because <input type="time"> sends them when a step below 60 is set.
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function parseTime(time: string): { hour: number; minute: number } | null {
  const m = TIME_RE.exec(time.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return null;
  return { hour, minute };
}

function parseDate(date: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(date.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  // Date arithmetic silently rolls 2026-02-30 over to March; reject instead.
  if (isoDate(utcMs({ year, month, day })) !== m[0]) return null;
  return { year, month, day };
}

/** End time `AUTO_END_MINUTES` after a 'HH:MM' start, wrapping past midnight; '' if the start is not a valid time. */
export function endTimeAfterStart(start: string): string {
  const t = parseTime(start);
  // A cleared start input gives ''; leaving the end blank too lets form validation report it.
  if (!t) return '';
  const total = (t.hour * 60 + t.minute + AUTO_END_MINUTES) % MINUTES_PER_DAY;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

function toDate(instant: Date | string): Date {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return d;
}

/** The zone's offset from UTC at an instant, in minutes (negative west of Greenwich); throws for an unknown zone. */
function offsetMinutes(ms: number, timeZone: string): number {
  const offset = tzOffset(timeZone, new Date(ms));
  if (Number.isNaN(offset)) throw new RangeError(`Invalid time zone: ${timeZone}`);
  return offset;
}

/**
 * The instant at which a wall-clock date and time occur in an IANA time zone (the post's zone,
 * decisions §1), by `@date-fns/tz` (decision 0042): a time skipped by a spring-forward gap moves
 * forward by the gap, an ambiguous fall-back time takes the earlier instant, as Temporal's
 * 'compatible' disambiguation and calendar applications do.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const d = parseDate(date);
  const t = parseTime(time);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  if (!t) throw new RangeError(`Invalid time: ${time}`);
  offsetMinutes(0, timeZone);
  const zoned = new TZDate(d.year, d.month - 1, d.day, t.hour, t.minute, timeZone);
  // Like Date, TZDate reads years 0-99 as 1900-1999; set the literal year.
  if (d.year < 100) zoned.setFullYear(d.year, d.month - 1, d.day);
  const ms = zoned.getTime();
  // A repeated fall-back time: TZDate takes the earlier instant west of Greenwich but the later
  // one east of it (Sydney's 02:30 on its April switch); take the earlier one everywhere.
  const before = offsetMinutes(ms - MS_PER_DAY, timeZone);
  const earlier = ms - (before - offsetMinutes(ms, timeZone)) * MS_PER_MINUTE;
  if (earlier < ms && offsetMinutes(earlier, timeZone) === before) return new Date(earlier);
  return new Date(ms);
}

/** Wall-clock date ('YYYY-MM-DD') and time ('HH:MM') of an instant in an IANA time zone. */
export function utcToZoned(instant: Date | string, timeZone: string): { date: string; time: string } {
  const ms = toDate(instant).getTime();
  offsetMinutes(ms, timeZone);
  const w = new TZDate(ms, timeZone);
  return {
    date: `${pad(w.getFullYear(), 4)}-${pad(w.getMonth() + 1)}-${pad(w.getDate())}`,
    time: `${pad(w.getHours())}:${pad(w.getMinutes())}`,
  };
}

/** ISO 8601 local time with the zone's offset at that instant, e.g. `2026-11-22T09:00:00-05:00`. */
export function toIsoWithOffset(instant: Date, timeZone: string): string {
  const ms = toDate(instant).getTime();
  const offset = offsetMinutes(ms, timeZone);
  const w = new TZDate(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(w.getFullYear(), 4)}-${pad(w.getMonth() + 1)}-${pad(w.getDate())}T${pad(w.getHours())}:${pad(w.getMinutes())}:${pad(w.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** First instant of a zoned calendar day and first instant of the next (exclusive end). */
export function zonedDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const d = parseDate(date);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  const nextDay = isoDate(utcMs({ ...d, day: d.day + 1 }));
  return {
    start: zonedToUtc(date, '00:00', timeZone),
    end: zonedToUtc(nextDay, '00:00', timeZone),
  };
}
