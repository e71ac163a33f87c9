import { DEFAULT_END_TIME, DEFAULT_START_TIME, endTimeAfterStart, utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(ymd: string, days: number): string {
  const m = YMD.exec(ymd);
  if (!m) return ymd;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string): string {
  return utcToZoned(new Date(), timeZone).date;
}

/** The date part ('YYYY-MM-DD') of a stored instant in a time zone, or '' when it cannot be read. */
export function dateIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  try {
    return utcToZoned(iso, timeZone).date;
  } catch {
    return '';
  }
}

/**
 * The instant to store for a date picked in a form: the original instant when the date did not
 * change, now when it is today, else noon of that day in the post's zone (noon stays on the same
 * date whatever zone it is later shown in).
 */
export function instantForDate(date: string, timeZone: string, original?: string | null): string {
  if (original && dateIn(original, timeZone) === date) return original;
  if (date === todayIn(timeZone)) return new Date().toISOString();
  return zonedToUtc(date, '12:00', timeZone).toISOString();
}

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/;

/**
 * A date or date-time from the calendar's drag-select, as the form's wall-clock date and time.
 * A plain date has no time (null). A date-time with an offset is converted into the post's zone;
 * one without is already the post's wall clock.
 */
export function wallClockOf(value: string, timeZone: string): { date: string; time: string | null } | null {
  const v = value.trim();
  if (YMD.test(v)) return { date: v, time: null };
  if (HAS_ZONE.test(v) && !Number.isNaN(Date.parse(v))) {
    try {
      return utcToZoned(v, timeZone);
    } catch {
      return null;
    }
  }
  const m = LOCAL_DATE_TIME.exec(v);
  return m ? { date: m[1]!, time: m[2]! } : null;
}

/**
 * The start and end a new event form opens with: the spec's defaults (today, 09:00 to 11:00), or
 * the range picked on the calendar. A plain end date is inclusive: the calendar has already
 * turned FullCalendar's exclusive all-day end into the last day of the range.
 */
export function initialRange(timeZone: string, start?: string, end?: string): { startDate: string; startTime: string; endDate: string; endTime: string } {
  const s = start ? wallClockOf(start, timeZone) : null;
  const e = end ? wallClockOf(end, timeZone) : null;
  const startDate = s?.date ?? todayIn(timeZone);
  const startTime = s?.time ?? DEFAULT_START_TIME;
  let endDate = startDate;
  let endTime = s?.time ? endTimeAfterStart(startTime) : DEFAULT_END_TIME;
  if (e) {
    if (e.time === null) {
      endDate = e.date;
    } else {
      endDate = e.date;
      endTime = e.time;
    }
    if (endDate < startDate) endDate = startDate;
  }
  return { startDate, startTime, endDate, endTime };
}
