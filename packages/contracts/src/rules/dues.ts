import { utcToZoned } from './event-time.ts';
import type { DuesStatus } from '../enums/dues-status.ts';

/** The renewal calendar from Settings (decision 0086: the Legion's dates by default). */
export interface RenewalCalendar {
  /** Month (1-12) and day the renewal window for next year opens. */
  opensMonth: number;
  opensDay: number;
  /** Month and day a member unpaid for the year begun becomes delinquent. */
  delinquentMonth: number;
  delinquentDay: number;
  /** Month and day of the last day of grace; the day after, the unrenewed are suspended. */
  graceMonth: number;
  graceDay: number;
  /** Month and day the unrenewed are dropped from the rolls. */
  droppedMonth: number;
  droppedDay: number;
}

/** What decides a member's status: the year paid through, and whether they are a Life Member (never due). */
export interface DuesFacts {
  paidThrough: number | null;
  membershipType: string;
}

/** A member's dues: their status, the year a payment made today would be for (null for Life Members), and whether that renewal is open. */
export interface DuesState {
  /** Never stored, always derived here (decisions 0065, 0086). */
  status: DuesStatus;
  renewFor: number | null;
  /** True when a payment is wanted now: next year's renewals are open and not paid, or this year is unpaid. */
  renewalOpen: boolean;
}

const mmdd = (month: number, day: number) => month * 100 + day;
const md = (date: string) => {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return mmdd(m, d);
};

/** True once the renewal window for next year is open on this date ('YYYY-MM-DD'). */
export function windowOpen(date: string, cal: RenewalCalendar): boolean {
  return md(date) >= mmdd(cal.opensMonth, cal.opensDay);
}

/** True while this date is within the grace days at the start of its year. */
export function inGrace(date: string, cal: RenewalCalendar): boolean {
  return md(date) <= mmdd(cal.graceMonth, cal.graceDay);
}

/**
 * A member's dues on a date of the post's calendar ('YYYY-MM-DD'), as the American Legion keeps
 * them (decision 0086). Paid through this year or later: current (with the renewal for next year
 * open once the window opens). Unpaid for this year: delinquent from the delinquency date,
 * suspended after grace, dropped from the drop date. Unpaid for an earlier year, or never
 * recorded: dropped. Life Members: life.
 */
export function duesOn(member: DuesFacts, date: string, cal: RenewalCalendar): DuesState {
  if (member.membershipType === 'Life Member') return { status: 'life', renewFor: null, renewalOpen: false };
  const year = Number(date.slice(0, 4));
  const open = windowOpen(date, cal);
  const paid = member.paidThrough;
  if (paid !== null && paid >= year) return { status: 'current', renewFor: paid + 1, renewalOpen: open && paid === year };
  const today = md(date);
  if (paid === year - 1 && today < mmdd(cal.droppedMonth, cal.droppedDay)) {
    const status = !inGrace(date, cal) ? 'suspended' : today >= mmdd(cal.delinquentMonth, cal.delinquentDay) ? 'delinquent' : 'current';
    return { status, renewFor: year, renewalOpen: true };
  }
  return { status: 'dropped', renewFor: open ? year + 1 : year, renewalOpen: true };
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
 * The year a dropped or suspended member stopped paying in: the first year they did not pay for (paid through + 1), or
 * null when never recorded. The Renewals screen's "lapsed this year" and "lapsed last year".
 */
export function lapsedIn(member: DuesFacts): number | null {
  return member.paidThrough === null ? null : member.paidThrough + 1;
}
