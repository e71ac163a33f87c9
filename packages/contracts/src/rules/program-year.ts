import { utcToZoned, zonedToUtc } from './event-time.ts';

/** The American Legion's program year starts on June 1 (decision 0066); a setting may move it. */
export const DEFAULT_PROGRAM_YEAR_START_MONTH = 6;

const pad = (n: number) => String(n).padStart(2, '0');

/** The program year that starts in `year`: first day, last day (both 'YYYY-MM-DD') and the first day of the next. */
export function programYear(year: number, startMonth: number): { from: string; to: string; next: string } {
  const from = `${year}-${pad(startMonth)}-01`;
  const next = startMonth === 1 ? `${year + 1}-01-01` : `${year + 1}-${pad(startMonth)}-01`;
  const last = new Date(Date.UTC(year + 1, startMonth - 1, 0));
  const to = `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
  return { from, to, next };
}

/** The instants a program year spans in the post's time zone: [start, end). */
export function programYearBounds(year: number, startMonth: number, timeZone: string): { start: Date; end: Date } {
  const { from, next } = programYear(year, startMonth);
  return { start: zonedToUtc(from, '00:00', timeZone), end: zonedToUtc(next, '00:00', timeZone) };
}

/** The year the program year holding `day` ('YYYY-MM-DD') starts in. */
export function programYearOfDay(day: string, startMonth: number): number {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

/** The year the current program year started in, by the post's calendar. */
export function currentProgramYear(now: Date, startMonth: number, timeZone: string): number {
  return programYearOfDay(utcToZoned(now, timeZone).date, startMonth);
}

/** "2025-2026" (or "2026" for a year starting in January). */
export function programYearLabel(year: number, startMonth: number): string {
  return startMonth === 1 ? String(year) : `${year}-${year + 1}`;
}
