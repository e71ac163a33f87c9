import { utcToZoned } from './event-time.ts';
import type { DuesStatus } from '../enums/dues-status.ts';

/** The renewal calendar from Settings: when the window for next year opens, and the last day of grace. */
export interface RenewalCalendar {
  /** Month (1-12) and day the renewal window for next year opens. */
  opensMonth: number;
  opensDay: number;
  /** Month and day of the last day of grace for the year just begun; the day after, the unrenewed have lapsed. */
  graceMonth: number;
  graceDay: number;
}

/** What decides a member's status: the year paid through, and whether they are a Life Member (never due). */
export interface DuesFacts {
  paidThrough: number | null;
  membershipType: string;
}

/** A member's dues: their status, and the year a payment made today would be for (null for Life Members). */
export interface DuesState {
  /** Never stored, always derived here (decision 0065). */
  status: DuesStatus;
  renewFor: number | null;
}

const mmdd = (month: number, day: number) => month * 100 + day;

/** True once the renewal window for next year is open on this date ('YYYY-MM-DD'). */
export function windowOpen(date: string, cal: RenewalCalendar): boolean {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return mmdd(m, d) >= mmdd(cal.opensMonth, cal.opensDay);
}

/** True while this date is within the grace days at the start of its year. */
export function inGrace(date: string, cal: RenewalCalendar): boolean {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return mmdd(m, d) <= mmdd(cal.graceMonth, cal.graceDay);
}

/**
 * A member's dues on a date of the post's calendar ('YYYY-MM-DD'). Paid through this year or later:
 * current, until the window for next year opens, then due for next year. Paid through last year:
 * due during the grace days, lapsed after them. Earlier (or never recorded): lapsed. Life Members are
 * always current (decision 0065).
 */
export function duesOn(member: DuesFacts, date: string, cal: RenewalCalendar): DuesState {
  if (member.membershipType === 'Life Member') return { status: 'current', renewFor: null };
  const year = Number(date.slice(0, 4));
  const open = windowOpen(date, cal);
  const paid = member.paidThrough;
  if (paid !== null && paid > year) return { status: 'current', renewFor: paid + 1 };
  if (paid === year) return open ? { status: 'due', renewFor: year + 1 } : { status: 'current', renewFor: year + 1 };
  if (paid === year - 1 && inGrace(date, cal)) return { status: 'due', renewFor: year };
  return { status: 'lapsed', renewFor: open ? year + 1 : year };
}

/** The post's calendar date ('YYYY-MM-DD') of an instant, in its time zone. */
export function postDate(now: Date, timeZone: string): string {
  return utcToZoned(now, timeZone).date;
}

/** A member's dues at an instant, read in the post's time zone. */
export function duesAt(member: DuesFacts, now: Date, timeZone: string, cal: RenewalCalendar): DuesState {
  return duesOn(member, postDate(now, timeZone), cal);
}

/**
 * The year a lapsed member lapsed in: the first year they did not pay for (paid through + 1), or
 * null when never recorded. The Renewals screen's "lapsed this year" and "lapsed last year".
 */
export function lapsedIn(member: DuesFacts): number | null {
  return member.paidThrough === null ? null : member.paidThrough + 1;
}
