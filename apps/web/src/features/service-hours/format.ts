import { utcToZoned } from '@post/contracts/rules/event-time';
import { formatIn } from '../../lib/format.ts';

/** "Jun 1, 2026" for a calendar day 'YYYY-MM-DD' (a day has no zone: its UTC midnight formatted in UTC). */
export function dayText(day: string): string {
  return formatIn('UTC', { month: 'short', day: 'numeric', year: 'numeric' }, `${day}T00:00:00Z`);
}

/** "1,234.5" hours. */
export function hoursText(h: number): string {
  return h.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** "$12.60". */
export function moneyText(x: number): string {
  return x.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Today's calendar day in the post's zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string): string {
  return utcToZoned(new Date(), timeZone).date;
}
