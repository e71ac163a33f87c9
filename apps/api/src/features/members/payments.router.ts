import { z } from 'zod';
import { MemberPaymentSchema, MemberPaymentsInput, RecordPaymentInput } from '@post/contracts/member-payments';
import { administratorProcedure } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { listPayments, recordPayment } from './payments.service.ts';
import { cancelStaleReminders } from '../renewals/reminders.ts';

const tags = ['Members'];

/** Dues payments, recorded from the member dialog (administrators; decision 0065). */
export const paymentProcedures = {
  payments: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/members/{memberId}/payments', tags, summary: 'A member’s recorded dues payments, newest first', protect: true } })
    .input(MemberPaymentsInput)
    .output(z.array(MemberPaymentSchema))
    .query(({ ctx, input }) => listPayments(ctx.db, input.memberId)),
  recordPayment: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'member-payment',
      openapi: {
        method: 'POST',
        path: '/members/{memberId}/payments',
        tags,
        summary: 'Record a dues payment; the member’s paid-through year becomes at least the year paid for',
        protect: true,
      },
    })
    .input(RecordPaymentInput)
    .output(MemberPaymentSchema)
    .mutation(async ({ ctx, input }) => {
      const payment = await audited(ctx, { entity: 'member-payment', action: 'create', id: () => input.memberId }, (trx) =>
        recordPayment(trx, input, ctx.user.id),
      );
      // A renewal reminder queued for this member is no longer true (decision 0086).
      await cancelStaleReminders(ctx.db, [input.memberId]);
      return payment;
    }),
};
