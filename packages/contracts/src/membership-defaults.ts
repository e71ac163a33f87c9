// Kept without zod, like site-defaults.ts, so that the footer's first JavaScript stays in its budget.

/** The membership year's settings (decision 0065): renewal calendar, link, amount, reminders, honor roll. */
export interface MembershipSettings {
  /** Month and day the renewal window for next year opens. */
  renewalOpensMonth: number;
  renewalOpensDay: number;
  /** Month and day of the last day of grace; the day after, the unrenewed have lapsed. */
  graceEndsMonth: number;
  graceEndsDay: number;
  /** Where members renew: the national organisation's renewal page, or the post's own payment page. */
  renewalUrl: string;
  /** Yearly dues as the reminder states them ("45.00"), or '' when the post sets no amount. */
  duesAmount: string;
  /** Reminders: when the window opens, this many days before grace ends (0: none), and on lapse. */
  remindAtOpening: boolean;
  remindDaysBeforeGraceEnds: number;
  remindAtLapse: boolean;
  /** Reminders queued by the mail worker on their own; off, each batch waits for an administrator's "Send reminders now". */
  remindersAutomatic: boolean;
  /** The public Post Everlasting honor roll (/honor-roll and its footer link). */
  honorRoll: boolean;
}

/** The American Legion's calendar by default: renewals for next year open July 1, grace ends January 31. */
export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  renewalOpensMonth: 7,
  renewalOpensDay: 1,
  graceEndsMonth: 1,
  graceEndsDay: 31,
  renewalUrl: 'https://www.legion.org/renew',
  duesAmount: '',
  remindAtOpening: true,
  remindDaysBeforeGraceEnds: 30,
  remindAtLapse: true,
  remindersAutomatic: true,
  honorRoll: true,
};

/** The renewal calendar of the dues rule (rules/dues.ts) from the settings. */
export function renewalCalendar(s: MembershipSettings) {
  return { opensMonth: s.renewalOpensMonth, opensDay: s.renewalOpensDay, graceMonth: s.graceEndsMonth, graceDay: s.graceEndsDay };
}
