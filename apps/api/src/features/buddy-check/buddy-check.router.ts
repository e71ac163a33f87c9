import { z } from 'zod';
import { Id, IdInput } from '@post/contracts/common';
import {
  AssignCallsInput,
  BuddyCheckCallerSchema,
  BuddyCheckCallSchema,
  BuddyCheckSchema,
  BuddyCheckSummarySchema,
  CreateBuddyCheckInput,
  NeedsHelpSchema,
  RecordCallInput,
} from '@post/contracts/buddy-check';
import { administratorProcedure, memberProcedure, router } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import * as service from './buddy-check.service.ts';

const tags = ['Buddy Check'];
const CallRef = z.object({ id: Id, callId: Id });

/** Buddy Check campaigns (issue 61 #4, decision 0086): administrators run them; callers record their own calls from the portal. */
export const buddyCheckRouter = router({
  list: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/buddy-checks', tags, summary: 'Buddy Check campaigns, newest first, with their progress', protect: true } })
    .input(z.void())
    .output(z.array(BuddyCheckSummarySchema))
    .query(({ ctx }) => service.listCampaigns(ctx.db)),
  create: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'buddy-check',
      openapi: {
        method: 'POST',
        path: '/admin/buddy-checks',
        tags,
        summary: 'Start a campaign: its call list holds the members (and, by choice, former members)',
        protect: true,
      },
    })
    .input(CreateBuddyCheckInput)
    .output(z.object({ id: z.number().int() }))
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'buddy-check', action: 'create', id: (r) => r.id }, (trx) => service.createCampaign(trx, input, ctx.user.id)),
    ),
  callers: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/buddy-checks/callers',
        tags,
        summary: 'Who can make calls: officers and members with portal access',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(BuddyCheckCallerSchema))
    .query(({ ctx }) => service.callers(ctx.db)),
  needsHelp: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/buddy-checks/needs-help',
        tags,
        summary: 'Calls that found someone who needs help, not followed up yet',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(NeedsHelpSchema))
    .query(({ ctx }) => service.needsHelp(ctx.db)),
  byId: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/buddy-checks/{id}', tags, summary: 'A campaign with its calls', protect: true } })
    .input(IdInput)
    .output(BuddyCheckSchema)
    .query(({ ctx, input }) => service.getCampaign(ctx.db, input.id)),
  assign: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'buddy-check',
      openapi: {
        method: 'POST',
        path: '/admin/buddy-checks/{id}/assign',
        tags,
        summary: 'Give calls to a caller, or split the unassigned among callers',
        protect: true,
      },
    })
    .input(AssignCallsInput)
    .output(z.object({ assigned: z.number().int() }))
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'buddy-check', action: 'update', id: input.id }, (trx) => service.assignCalls(trx, input))),
  recordCall: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'buddy-check-call',
      openapi: { method: 'PUT', path: '/admin/buddy-checks/{id}/calls/{callId}', tags, summary: 'Record a call’s outcome', protect: true },
    })
    .input(CallRef.extend(RecordCallInput.shape))
    .output(BuddyCheckCallSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'buddy-check-call', action: 'update', id: input.callId }, (trx) =>
        service.recordCall(trx, { campaignId: input.id }, input.callId, input),
      ),
    ),
  followUp: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'buddy-check-call',
      openapi: {
        method: 'POST',
        path: '/admin/buddy-checks/{id}/calls/{callId}/follow-up',
        tags,
        summary: 'Mark a "needs help" call followed up',
        protect: true,
      },
    })
    .input(CallRef)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await audited(ctx, { entity: 'buddy-check-call', action: 'update', id: input.callId }, (trx) => service.followUp(trx, input.id, input.callId));
      return { ok: true as const };
    }),
  myCalls: memberProcedure
    .meta({
      openapi: { method: 'GET', path: '/member/buddy-checks/calls', tags, summary: 'The Buddy Check calls given to the signed-in member', protect: true },
    })
    .input(z.void())
    .output(z.array(BuddyCheckCallSchema.extend({ campaignId: z.number().int(), campaignName: z.string() })))
    .query(({ ctx }) => service.callsFor(ctx.db, ctx.member.id)),
  recordMyCall: memberProcedure
    .meta({
      changesContent: false,
      audit: { none: "a member's own call; the call row keeps who and when" },
      openapi: {
        method: 'PUT',
        path: '/member/buddy-checks/calls/{callId}',
        tags,
        summary: 'Record the outcome of one of my calls (404 for a call not mine)',
        protect: true,
      },
    })
    .input(z.object({ callId: Id }).extend(RecordCallInput.shape))
    .output(BuddyCheckCallSchema)
    .mutation(({ ctx, input }) => service.recordCall(ctx.db, { callerId: ctx.member.id }, input.callId, input)),
});
