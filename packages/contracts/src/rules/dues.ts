import { utcToZoned } from './event-time.ts';
import type { DuesStatus } from '../enums/dues-status.ts';

/** What dues run for (decision 0098): the calendar year, or twelve months from each payment. */
export type DuesBasis = 'calendar' | 'anniversary';

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
  /** The calendar year unless Settings says anniversary (decision 0098). */
  basis?: DuesBasis;
}

/** What decides a member's status: what is paid through, and whether they are a Life Member (never due). */
export interface DuesFacts {
  /** The year paid through. */
  paidThrough: number | null;
  /** Anniversary dues: the day paid through, read only when its year is `paidThrough` (else December 31 of it; decision 0098). */
  paidThroughOn?: string | null;
  membershipType: string;
}

/** A member's dues: their status, the year a payment made today would be for (null for Life Members), and whether that renewal is open. */
export interface DuesState {
  /** Never stored, always derived here (decisions 0065, 0086). */
  status: DuesStatus;
  renewFor: number | null;
  /** True when a payment is wanted now: next year's renewals are open and not paid, or this year is unpaid. */
  renewalOpen: boolean;
  /** Anniversary dues only: the day paid through ('YYYY-MM-DD'), when there is one (decision 0098). */
  paidThroughOn?: string;
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

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const ymd = (date: string) => date.split('-').map(Number) as [number, number, number];
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The date `months` months on (or back), on the same day or the month's last when it has fewer ('2027-01-31' + 1: '2027-02-28'). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = ymd(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const [ty, tm] = [first.getUTCFullYear(), first.getUTCMonth() + 1];
  return iso(Date.UTC(ty, tm - 1, Math.min(d, lastDay(ty, tm))));
}

/** The date `days` days on (or back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  return iso(Date.UTC(y, m - 1, d + days));
}

/**
 * A day of Settings as a step from December 31 of the year paid through (decision 0098): a month's
 * last day is whole months (January 31: one month), another day is the last day of the month before
 * and that many days (January 1: one day). February 28 counts as days, so a leap year reads as the calendar does.
 */
function step(month: number, day: number, yearAfter: boolean): { months: number; days: number } {
  const months = (yearAfter ? 0 : -12) + month;
  return month !== 2 && day === lastDay(2001, month) ? { months, days: 0 } : { months: months - 1, days: day };
}
const from = (paidThrough: string, s: { months: number; days: number }) => addDays(addMonths(paidThrough, s.months), s.days);

/** The dates of one membership's renewal, from the day it is paid through: the Settings dates as steps from December 31 (decision 0098). */
export function duesDates(paidThrough: string, cal: RenewalCalendar): { opens: string; delinquent: string; graceEnds: string; dropped: string } {
  return {
    opens: from(paidThrough, step(cal.opensMonth, cal.opensDay, false)),
    delinquent: from(paidThrough, step(cal.delinquentMonth, cal.delinquentDay, true)),
    graceEnds: from(paidThrough, step(cal.graceMonth, cal.graceDay, true)),
    dropped: from(paidThrough, step(cal.droppedMonth, cal.droppedDay, true)),
  };
}

/** The day a member is paid through: December 31 of the year, or under anniversary dues the day recorded in that year (decision 0098). */
export function paidThroughDate(member: DuesFacts, cal: RenewalCalendar): string | null {
  if (member.paidThrough === null) return null;
  const on = member.paidThroughOn;
  if (cal.basis === 'anniversary' && on && Number(on.slice(0, 4)) === member.paidThrough) return on;
  return `${member.paidThrough}-12-31`;
}

/**
 * A member's dues on a date of the post's calendar ('YYYY-MM-DD'), as the American Legion keeps
 * them (decisions 0086, 0098), from the day paid through (December 31 of the year, or the member's
 * own day under anniversary dues): current until then, with the renewal open from its opening
 * date; unpaid after it, delinquent from the delinquency date, suspended after grace, dropped from
 * the drop date, each counted from that day as Settings' dates count from December 31. Never
 * recorded: dropped. Life Members: life.
 */
export function duesOn(member: DuesFacts, date: string, cal: RenewalCalendar): DuesState {
  if (member.membershipType === 'Life Member') return { status: 'life', renewFor: null, renewalOpen: false };
  const paid = paidThroughDate(member, cal);
  const on = cal.basis === 'anniversary' && paid ? { paidThroughOn: paid } : {};
  if (paid !== null) {
    const renewFor = Number(paid.slice(0, 4)) + 1;
    const d = duesDates(paid, cal);
    if (date <= paid) return { status: 'current', renewFor, renewalOpen: date >= d.opens, ...on };
    if (date < d.dropped) {
      const status = date > d.graceEnds ? 'suspended' : date >= d.delinquent ? 'delinquent' : 'current';
      return { status, renewFor, renewalOpen: true, ...on };
    }
  }
  return { status: 'dropped', renewFor: Number(renewedThrough(null, date, cal).slice(0, 4)), renewalOpen: true, ...on };
}

/**
 * The day a payment on `paidOn` pays through under anniversary dues (decision 0098): twelve months
 * on from the day paid through, or, for a member dropped by then (or never paid), twelve months
 * from the payment (paid March 15, through March 14 a year on). Under the calendar year: December
 * 31 of the year a payment made then is for.
 */
export function renewedThrough(paidThrough: string | null, paidOn: string, cal: RenewalCalendar): string {
  if (cal.basis !== 'anniversary') {
    const year = Number(paidOn.slice(0, 4));
    return `${windowOpen(paidOn, cal) ? year + 1 : year}-12-31`;
  }
  if (paidThrough !== null && paidOn < duesDates(paidThrough, cal).dropped) return addMonths(paidThrough, 12);
  return addDays(addMonths(paidOn, 12), -1);
}

/**
 * Whole years since a membership ran out on a date (decision 0098): 0 within the year after the day
 * paid through (under the calendar year: lapsed this year), 1 the year after, and so on; negative
 * while paid; null when never recorded.
 */
export function yearsLapsed(member: DuesFacts, date: string, cal: RenewalCalendar): number | null {
  const paid = paidThroughDate(member, cal);
  if (paid === null) return null;
  let years = Number(date.slice(0, 4)) - Number(paid.slice(0, 4));
  while (years >= 0 && addMonths(paid, 12 * years) >= date) years--;
  return years;
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** "March 14, 2027": a day paid through as the product writes a date (en-US, long; decision 0098). */
export function dayText(date: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
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
