import { z } from './zod.ts';
import { DEFAULT_MEMBERSHIP_SETTINGS as D } from './membership-defaults.ts';

export { DEFAULT_MEMBERSHIP_SETTINGS, renewalCalendar, type MembershipSettings, type RenewalTarget } from './membership-defaults.ts';

// Days in each month of a common year: a February 29 would exist one year in four.
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const month = (label: string) =>
  z.coerce
    .number({ error: `${label}: choose a month` })
    .int(`${label}: choose a month`)
    .min(1, `${label}: choose a month`)
    .max(12, `${label}: choose a month`);
const day = (label: string) =>
  z.coerce
    .number({ error: `${label}: enter a day from 1 to 31` })
    .int(`${label}: enter a day from 1 to 31`)
    .min(1, `${label}: enter a day from 1 to 31`)
    .max(31, `${label}: enter a day from 1 to 31`);

/** What dues run for (decision 0098), with the words Settings shows. */
export const DUES_BASES = ['calendar', 'anniversary'] as const;
export const DUES_BASIS_LABELS: Record<(typeof DUES_BASES)[number], string> = {
  calendar: 'The calendar year (January to December)',
  anniversary: 'Twelve months from each payment (anniversary)',
};
const duesBasisMessage = (input: unknown) =>
  `Dues run for: "${String(input).slice(0, 40)}" is not a choice; choose "calendar" (the calendar year) or "anniversary" (twelve months from each payment)`;

/** The membership section of the site settings; each field has its default, so older records read whole. */
export const MembershipSettingsSchema = z
  .object({
    renewalOpensMonth: month('Renewals open').default(D.renewalOpensMonth),
    renewalOpensDay: day('Renewals open').default(D.renewalOpensDay),
    graceEndsMonth: month('Grace ends').default(D.graceEndsMonth),
    graceEndsDay: day('Grace ends').default(D.graceEndsDay),
    renewalUrl: z
      .string()
      .trim()
      .max(500, 'At most 500 characters')
      .refine((s) => /^https?:\/\/\S+$/i.test(s), 'Enter the renewal page’s address, starting with https://')
      .default(D.renewalUrl),
    duesAmount: z
      .string()
      .trim()
      .refine((s) => s === '' || /^\d{1,5}(\.\d{2})?$/.test(s), 'Enter an amount such as 45 or 45.00, or leave it blank')
      .default(D.duesAmount),
    remindAtOpening: z.boolean().default(D.remindAtOpening),
    remindDaysBeforeGraceEnds: z.coerce
      .number({ error: 'Enter 0 to 120 days' })
      .int('Enter 0 to 120 days')
      .min(0, 'Enter 0 to 120 days')
      .max(120, 'Enter 0 to 120 days')
      .default(D.remindDaysBeforeGraceEnds),
    remindAtLapse: z.boolean().default(D.remindAtLapse),
    remindersAutomatic: z.boolean().default(D.remindersAutomatic),
    honorRoll: z.boolean().default(D.honorRoll),
    // Issue 61 (decision 0086): the Legion's dues states and the department's renewal targets.
    delinquentMonth: month('Delinquent from').default(D.delinquentMonth),
    delinquentDay: day('Delinquent from').default(D.delinquentDay),
    droppedMonth: month('Dropped on').default(D.droppedMonth),
    droppedDay: day('Dropped on').default(D.droppedDay),
    renewalTargets: z
      .array(
        z.object({
          month: month('Target'),
          day: day('Target'),
          percent: z.coerce
            .number({ error: 'Target: enter a percent from 1 to 100' })
            .int('Target: enter a whole percent')
            .min(1, 'Target: enter a percent from 1 to 100')
            .max(100, 'Target: a percent cannot be over 100'),
        }),
      )
      .max(12, 'At most 12 targets')
      .default(D.renewalTargets),
    duesBasis: z.enum(DUES_BASES, { error: (issue) => duesBasisMessage(issue.input) }).default(D.duesBasis),
  })
  .refine((s) => s.renewalOpensDay <= DAYS[s.renewalOpensMonth - 1]!, { message: 'That month has fewer days', path: ['renewalOpensDay'] })
  .refine((s) => s.graceEndsDay <= DAYS[s.graceEndsMonth - 1]!, { message: 'That month has fewer days', path: ['graceEndsDay'] })
  .refine((s) => s.graceEndsMonth * 100 + s.graceEndsDay < s.renewalOpensMonth * 100 + s.renewalOpensDay, {
    message: 'Grace must end before renewals for next year open',
    path: ['graceEndsMonth'],
  })
  .refine((s) => s.delinquentDay <= DAYS[s.delinquentMonth - 1]!, { message: 'That month has fewer days', path: ['delinquentDay'] })
  .refine((s) => s.droppedDay <= DAYS[s.droppedMonth - 1]!, { message: 'That month has fewer days', path: ['droppedDay'] })
  .refine((s) => s.delinquentMonth * 100 + s.delinquentDay <= s.graceEndsMonth * 100 + s.graceEndsDay, {
    message: 'Members become delinquent on or before the last day of grace',
    path: ['delinquentMonth'],
  })
  .refine((s) => s.graceEndsMonth * 100 + s.graceEndsDay < s.droppedMonth * 100 + s.droppedDay, {
    message: 'Members are dropped after grace ends',
    path: ['droppedMonth'],
  })
  .refine((s) => s.renewalTargets.every((t) => t.day <= DAYS[t.month - 1]!), { message: 'A target’s month has fewer days', path: ['renewalTargets'] });
