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
  lastPayment: MemberPaymentSchema.pick({ year: true, amount: true, method: true, paidOn: true }).nullable(),
  lastContact: z.object({ note: z.string(), contactedOn: z.string() }).nullable(),
});
export type RenewalRow = z.infer<typeof RenewalRowSchema>;

/** GET /api/admin/renewals: living members who are due, lapsed this year and lapsed last year, by name. */
export const RenewalsSchema = z.object({
  year: z.number().int(),
  due: z.array(RenewalRowSchema),
  lapsedThisYear: z.array(RenewalRowSchema),
  lapsedLastYear: z.array(RenewalRowSchema),
});
export type Renewals = z.infer<typeof RenewalsSchema>;

/** The screen's three lists, with their headings (the CSV's Group column too). */
export const RENEWAL_GROUPS = [
  ['due', 'Due'],
  ['lapsedThisYear', 'Lapsed this year'],
  ['lapsedLastYear', 'Lapsed last year'],
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
    }),
  ),
});
export type RenewalReminders = z.infer<typeof RenewalRemindersSchema>;
