/** Start time prefilled in a new event form. */
export const DEFAULT_START_TIME = '09:00';
/** End time prefilled in a new event form. */
export const DEFAULT_END_TIME = '11:00';
/** Minutes after the start that the end time is moved to when the start changes. */
export const AUTO_END_MINUTES = 30;

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

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
  if (isoDate(utcMs({ year, month, day, hour: 0, minute: 0, second: 0 })) !== m[0]) return null;
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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23 avoids the "24:00" some engines print for midnight with hour12: false.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function utcMs(w: WallClock): number {
  const d = new Date(0);
  // setUTCFullYear keeps years 0-99 literal, which Date.UTC would map to 1900-1999.
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Offset of the zone from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return utcMs(wallClock(wholeSecond, timeZone)) - wholeSecond;
}

function toDate(instant: Date | string): Date {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return d;
}

/**
 * The instant at which a wall-clock date and time occur in an IANA time zone; a time skipped by a
 * spring-forward gap moves forward by the gap, an ambiguous fall-back time takes the earlier instant.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const d = parseDate(date);
  const t = parseTime(time);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  if (!t) throw new RangeError(`Invalid time: ${time}`);
  const wall = utcMs({ ...d, hour: t.hour, minute: t.minute, second: 0 });

  // Zones change offset at most once within a day either side, so the offsets a day before and a
  // day after are the only candidates.
  const before = offsetMs(wall - MS_PER_DAY, timeZone);
  const after = offsetMs(wall + MS_PER_DAY, timeZone);
  const early = wall - before;
  const late = wall - after;
  const earlyValid = offsetMs(early, timeZone) === before;
  const lateValid = offsetMs(late, timeZone) === after;

  if (earlyValid && lateValid) return new Date(Math.min(early, late));
  if (earlyValid) return new Date(early);
  if (lateValid) return new Date(late);
  // In a gap neither offset reproduces the wall time; the pre-transition offset lands on the same
  // wall time shifted forward by the gap, as Temporal's 'compatible' disambiguation does.
  return new Date(Math.max(early, late));
}

/** Wall-clock date ('YYYY-MM-DD') and time ('HH:MM') of an instant in an IANA time zone. */
export function utcToZoned(instant: Date | string, timeZone: string): { date: string; time: string } {
  const w = wallClock(toDate(instant).getTime(), timeZone);
  return {
    date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}

/** ISO 8601 local time with the zone's offset at that instant, e.g. `2026-11-22T09:00:00-05:00`. */
export function toIsoWithOffset(instant: Date, timeZone: string): string {
  const ms = toDate(instant).getTime();
  const w = wallClock(ms, timeZone);
  const offsetMinutes = Math.round(offsetMs(ms, timeZone) / MS_PER_MINUTE);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` + `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** First instant of a zoned calendar day and first instant of the next (exclusive end). */
export function zonedDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const d = parseDate(date);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  const nextDay = isoDate(utcMs({ ...d, day: d.day + 1, hour: 0, minute: 0, second: 0 }));
  return {
    start: zonedToUtc(date, '00:00', timeZone),
    end: zonedToUtc(nextDay, '00:00', timeZone),
  };
}
