import { z } from './zod.ts';
import { checkIsoDate, Id } from './common.ts';
import { MemberPaymentSchema } from './member-payments.ts';

/** One member on the Renewals screen: who to call, and what is known (issue 45 #4, decision 0065). */
export const RenewalRowSchema = z.object({
  memberId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  membershipNumber: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  paidThrough: z.number().int().nullable(),
  /** Anniversary dues only: the day paid through (decision 0098). */
  paidThroughOn: z.string().nullable(),
  lastPayment: MemberPaymentSchema.pick({ year: true, amount: true, method: true, paidOn: true }).nullable(),
  lastContact: z.object({ note: z.string(), contactedOn: z.string() }).nullable(),
});
export type RenewalRow = z.infer<typeof RenewalRowSchema>;

/** The renewal drive against the department's targets (decision 0086). */
const TargetSchema = z.object({ date: z.string(), percent: z.number().int(), passed: z.boolean(), met: z.boolean() });
export const RenewalProgressSchema = z.object({
  /** The membership year being renewed for. */
  forYear: z.number().int(),
  /** Members of the year before (Life Members included), the drive's 100 %. */
  base: z.number().int(),
  renewed: z.number().int(),
  percent: z.number().int(),
  targets: z.array(TargetSchema),
  next: TargetSchema.nullable(),
});
export type RenewalProgress = z.infer<typeof RenewalProgressSchema>;

/**
 * GET /api/admin/renewals: living members whose renewal is open (`due`), suspended or dropped this
 * year (`lapsedThisYear`), and former members of the last five years (`lapsedLastYear`), by name.
 */
export const RenewalsSchema = z.object({
  year: z.number().int(),
  progress: RenewalProgressSchema,
  due: z.array(RenewalRowSchema),
  lapsedThisYear: z.array(RenewalRowSchema),
  lapsedLastYear: z.array(RenewalRowSchema),
});
export type Renewals = z.infer<typeof RenewalsSchema>;

/** The screen's three lists, with their headings (the CSV's Group column too). */
export const RENEWAL_GROUPS = [
  ['due', 'Renewal open'],
  ['lapsedThisYear', 'Suspended or dropped this year'],
  ['lapsedLastYear', 'Former members (last five years)'],
] as const;

/** Body of POST /api/admin/renewals/contacts: a "contacted" note with its date. */
export const RecordContactInput = z.object({
  memberId: Id,
  note: z
    .string({ error: 'Write what was said, for example "Left a message"' })
    .trim()
    .min(1, 'Write what was said, for example "Left a message"')
    .max(1000, 'At most 1000 characters'),
  contactedOn: checkIsoDate(z.string({ error: 'Enter the date of the call' }).trim().min(1, { error: 'Enter the date of the call', abort: true })),
});
export type RecordContactInput = z.infer<typeof RecordContactInput>;

/** GET /api/admin/renewals/reminders: the next batch of renewal reminders, and the ones already queued (who, which, when). */
export const RenewalRemindersSchema = z.object({
  /** False when Settings leaves each batch for an administrator to send. */
  automatic: z.boolean(),
  next: z.array(z.object({ memberId: z.number().int(), name: z.string(), reminder: z.string(), renewFor: z.number().int() })),
  sent: z.array(
    z.object({
      memberId: z.number().int(),
      name: z.string(),
      reminder: z.string(),
      renewFor: z.number().int(),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
      /** The outbox row's state; a reminder no longer true is `cancelled`, with why (decision 0086). */
      state: z.string(),
      cancelledBecause: z.string().nullable(),
    }),
  ),
});

/** GET /api/admin/renewals/reminders/preview: how many "Send reminders now" would send, and the first one's text. */
export const RenewalReminderPreviewSchema = z.object({
  count: z.number().int(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
});
export type RenewalReminderPreview = z.infer<typeof RenewalReminderPreviewSchema>;
export type RenewalReminders = z.infer<typeof RenewalRemindersSchema>;
