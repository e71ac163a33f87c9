// Small date helpers for the calendar, always in an explicit time zone (decisions §1).

import { fmt, formatIn } from '../../lib/format.ts';

/** "2026-11" of an instant, in a time zone. */
export function yearMonthIn(d: Date | string, timeZone: string): string {
  const date = new Date(d);
  const parts = fmt(timeZone, { year: 'numeric', month: '2-digit' }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** "2026-11-11" of an instant, in a time zone (browser only: used after a tap on the grid). */
export function dayIn(d: Date | string, timeZone: string): string {
  const parts = fmt(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(d));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** "Wed, Nov 11, 2026" of a plain calendar date "2026-11-11" (no time zone shift). */
export function plainDateLabel(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return formatIn('UTC', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, new Date(Date.UTC(y!, m! - 1, d!)));
}

/** "November 2026" of "2026-11". */
export function monthLabel(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return formatIn('UTC', { month: 'long', year: 'numeric' }, new Date(Date.UTC(y!, m! - 1, 15)));
}

/** The day before a plain date "2026-11-11" -> "2026-11-10". */
export function previousDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}
