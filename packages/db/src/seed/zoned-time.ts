const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // h23 so that midnight is 00, never 24 (some runtimes print 24 with hour12: false).
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A wall-clock reading in some time zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalDateTime {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = localParts(new Date(epochMs), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the zone's clock shows the given local date and time. Out-of-range
 * fields roll over as in Date.UTC (day 32 is the next month). A time repeated when clocks
 * fall back resolves to its first occurrence; a time skipped when they spring forward is
 * moved on by the gap (02:30 becomes 03:30), as calendar applications do.
 */
export function zonedTimeToUtc(year: number, month: number, day: number, hour = 0, minute = 0, timeZone = 'America/New_York'): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Zones change offset at most once within a couple of days, so the offsets a day either
  // side are the only candidates; a candidate is right when the zone agrees with it.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const fits = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

/** A calendar date as a count of days since 1970-01-01, for day arithmetic without zones. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The calendar date of a day number. */
export function fromDayNumber(n: number): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(n * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}
