import { z } from 'zod';
import { RecordContactInput, RenewalReminderPreviewSchema, RenewalRemindersSchema, RenewalsSchema } from '@post/contracts/renewals';
import { administratorProcedure, router } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { listRenewals, recordContact } from './renewals.service.ts';
import { previewRenewalReminders, queueRenewalReminders, renewalReminders } from './reminders.ts';

const tags = ['Renewals'];

/** The Renewals screen: who is due or lapsed, and the membership chair's call notes (administrators; decision 0065). */
export const renewalsRouter = router({
  list: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/renewals',
        tags,
        summary: 'Members due, lapsed this year and lapsed last year, with last payment and contact',
        protect: true,
      },
    })
    .input(z.void())
    .output(RenewalsSchema)
    .query(({ ctx }) => listRenewals(ctx.db)),
  reminders: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/renewals/reminders',
        tags,
        summary: 'The next batch of renewal reminders, and who was reminded when',
        protect: true,
      },
    })
    .input(z.void())
    .output(RenewalRemindersSchema)
    .query(({ ctx }) => renewalReminders(ctx.db)),
  previewReminders: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/renewals/reminders/preview',
        tags,
        summary: 'What "Send reminders now" would send: how many, and the first reminder written as it would be now',
        protect: true,
      },
    })
    .input(z.void())
    .output(RenewalReminderPreviewSchema)
    .query(({ ctx }) => previewRenewalReminders(ctx.db, ctx.env)),
  sendReminders: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'renewal-reminder',
      openapi: {
        method: 'POST',
        path: '/admin/renewals/reminders/send',
        tags,
        summary: 'Queue the next batch of renewal reminders now; a member already reminded is not reminded again',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.object({ queued: z.number().int() }))
    .mutation(({ ctx }) =>
      audited(ctx, { entity: 'renewal-reminder', action: 'send', id: null, changes: (r) => ({ queued: { old: null, new: r.queued } }) }, async (trx) => ({
        queued: await queueRenewalReminders(trx, ctx.env, new Date(), { byAdministrator: true }),
      })),
    ),
  recordContact: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'renewal-contact',
      openapi: {
        method: 'POST',
        path: '/admin/renewals/contacts',
        tags,
        summary: 'Record that a member was contacted about renewing, with a note',
        protect: true,
      },
    })
    .input(RecordContactInput)
    .output(z.object({ id: z.number().int(), memberId: z.number().int(), note: z.string(), contactedOn: z.string() }))
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'renewal-contact', action: 'create', id: () => input.memberId }, (trx) => recordContact(trx, input, ctx.user.id)),
    ),
});
