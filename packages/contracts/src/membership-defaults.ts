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
  // Issue 61 (decision 0086): the Legion's dues states and the department's renewal targets.
  /** Month and day a member unpaid for the year begun becomes delinquent. */
  delinquentMonth: number;
  delinquentDay: number;
  /** Month and day the unrenewed are dropped from the rolls. */
  droppedMonth: number;
  droppedDay: number;
  /** The department's renewal targets: by this month and day of the membership drive, this percent renewed. */
  renewalTargets: RenewalTarget[];
  /** What dues run for (decision 0098): the calendar year, or twelve months from each payment, the dates above counted from each member's day. */
  duesBasis: 'calendar' | 'anniversary';
}

/** One of the department's renewal targets ("50 % by September 16"). */
export interface RenewalTarget {
  month: number;
  day: number;
  percent: number;
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
  delinquentMonth: 1,
  delinquentDay: 1,
  droppedMonth: 6,
  droppedDay: 30,
  renewalTargets: [
    { month: 9, day: 16, percent: 50 },
    { month: 10, day: 14, percent: 55 },
    { month: 11, day: 13, percent: 65 },
    { month: 12, day: 9, percent: 75 },
    { month: 1, day: 20, percent: 80 },
    { month: 2, day: 10, percent: 85 },
    { month: 3, day: 9, percent: 90 },
    { month: 4, day: 13, percent: 95 },
    { month: 5, day: 11, percent: 100 },
  ],
  duesBasis: 'calendar',
};

/** The renewal calendar of the dues rule (rules/dues.ts) from the settings. */
export function renewalCalendar(s: MembershipSettings) {
  return {
    opensMonth: s.renewalOpensMonth,
    opensDay: s.renewalOpensDay,
    delinquentMonth: s.delinquentMonth,
    delinquentDay: s.delinquentDay,
    graceMonth: s.graceEndsMonth,
    graceDay: s.graceEndsDay,
    droppedMonth: s.droppedMonth,
    droppedDay: s.droppedDay,
    basis: s.duesBasis,
  };
}
