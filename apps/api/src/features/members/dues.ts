import type { DB } from '@post/db';
import { renewalCalendar } from '@post/contracts/membership-settings';
import { duesOn, postDate, type DuesFacts, type DuesState, type RenewalCalendar } from '@post/contracts/rules/dues';
import { getSettings } from '../site-settings/site-settings.service.ts';

/** Today on the post's calendar and its renewal calendar: what every dues status is derived from. */
export interface DuesClock {
  /** Today, 'YYYY-MM-DD' in the post's time zone. */
  date: string;
  year: number;
  cal: RenewalCalendar;
  timeZone: string;
}

/** The dues clock at `now` (the current time unless given), from the site settings. */
export async function duesClock(db: DB, now: Date = new Date()): Promise<DuesClock> {
  const s = await getSettings(db);
  const date = postDate(now, s.timeZone);
  return { date, year: Number(date.slice(0, 4)), cal: renewalCalendar(s.membership), timeZone: s.timeZone };
}

/** One member's dues by the clock (the one rule: @post/contracts/rules/dues, decision 0065). */
export function duesOf(member: DuesFacts, clock: DuesClock): DuesState {
  return duesOn(member, clock.date, clock.cal);
}
