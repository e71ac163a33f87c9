import { z } from './zod.ts';
import { checkIsoDate, Id, Timestamp } from './common.ts';
import { DuesStatus, PaymentMethod } from './enum-schemas.ts';

/** A recorded dues payment (decision 0065). */
export const MemberPaymentSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  year: z.number().int(),
  /** Dollars, or null when not recorded. */
  amount: z.number().nullable(),
  method: PaymentMethod,
  /** The day it was paid ('YYYY-MM-DD'). */
  paidOn: z.string(),
  createdAt: Timestamp,
  /** Answer of recording one under anniversary dues: the day the member is now paid through (decision 0098). */
  paidThroughOn: z.string().optional(),
});
export type MemberPayment = z.infer<typeof MemberPaymentSchema>;

/** Said when a payment under the calendar year names no year. */
export const YEAR = 'Enter the membership year paid for, such as 2027';
/**
 * Body of POST /api/members/{memberId}/payments: the member's paid-through year becomes at least
 * `year`; under anniversary dues no year is asked, a payment pays twelve months (decision 0098).
 */
export const RecordPaymentInput = z.object({
  memberId: Id,
  year: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: YEAR }).int(YEAR).min(1900, YEAR).max(2200, YEAR).optional()),
  amount: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Enter an amount such as 45.00, or leave it blank' })
      .min(0, 'The amount cannot be negative')
      .max(100_000, 'That amount is too large')
      .nullable(),
  ),
  method: PaymentMethod,
  paidOn: checkIsoDate(z.string({ error: 'Enter the date it was paid' }).trim().min(1, { error: 'Enter the date it was paid', abort: true })),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInput>;
/** Query of GET /api/members/{memberId}/payments. */
export const MemberPaymentsInput = z.object({ memberId: Id });

/** The member's own dues, as the portal shows them (GET /api/member/dues). */
export const MemberDuesSchema = z.object({
  paidThrough: z.number().int().nullable(),
  /** Anniversary dues only: the day paid through (decision 0098). */
  paidThroughOn: z.string().nullable(),
  duesStatus: DuesStatus,
  /** The year to renew for; null when no renewal is open (decision 0086). */
  renewFor: z.number().int().nullable(),
  renewalOpen: z.boolean(),
  continuousYears: z.number().int().nullable(),
  renewalUrl: z.string(),
  /** The yearly amount Settings names ("45.00"), or null. */
  duesAmount: z.string().nullable(),
});
export type MemberDues = z.infer<typeof MemberDuesSchema>;
