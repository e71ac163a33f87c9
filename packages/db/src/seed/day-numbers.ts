import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';

// Calendar-day arithmetic for the demo seed. Conversions to and from the post's time zone are
// the contracts' (`rules/event-time.ts`, @date-fns/tz: decision 0042), the same the app uses.

const DAY_MS = 86_400_000;

/** A calendar date as a count of days since 1970-01-01, for day arithmetic without zones. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The calendar date of a day number. */
export function fromDayNumber(n: number): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(n * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The day number of the date an instant falls on in a time zone. */
export function dayNumberIn(instant: Date, timeZone: string): number {
  return Math.floor(Date.parse(`${utcToZoned(instant, timeZone).date}T00:00:00Z`) / DAY_MS);
}

/** The instant of a local time on a day (a day number) in a time zone. */
export function instantOn(day: number, hour: number, minute: number, timeZone: string): Date {
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
  return zonedToUtc(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone);
}
