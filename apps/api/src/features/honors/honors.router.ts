import { z } from 'zod';
import { IdInput } from '@post/contracts/common';
import {
  AcceptHonorsInput,
  CreateHonorsRequestInput,
  HonorsAnswerInput,
  HonorsAnswerPreview,
  HonorsAnswerResult,
  HonorsAnswerToken,
  HonorsDetailSchema,
  HonorsDoneInput,
  HonorsRequestSchema,
  PortalHonorsAnswerInput,
  PortalHonorsDetailSchema,
} from '@post/contracts/honors';
import { adminProcedure, memberProcedure, publicProcedure, router, staffViewer } from '../../trpc.ts';
import { clientIp } from '../../lib/session.ts';
import { audited } from '../audit/audit.ts';
import * as service from './honors.service.ts';
import { answerAsMember, answerByToken, callOut, openDetailsFor, previewAnswer } from './call-out.ts';

const tags = ['Funeral honors'];
const what = { entity: 'honors-request' as const, action: 'update' as const };

/** Funeral honors details (issue 62, decision 0088): the public request, the staff's detail, members' answers. */
export const honorsRouter = router({
  request: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a family's request; the request row is the record" },
      openapi: {
        method: 'POST',
        path: '/honors-requests',
        tags,
        summary:
          'Request funeral honors (anonymous; staff record phoned-in requests the same way). serviceAt is an ISO date-time in the future. Answers 201 { id }',
      },
    })
    .input(CreateHonorsRequestInput)
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const staff = await staffViewer(ctx);
      return service.createRequest(ctx.db, input, { ip: clientIp(ctx.req), userId: staff?.id ?? null }, ctx.env.siteUrl);
    }),
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/honors-requests',
        tags,
        summary: 'Every request with its state and event id, soonest service first',
        protect: true,
      },
    })
    .input(z.object({ open: z.coerce.boolean().optional() }).optional())
    .output(z.array(HonorsRequestSchema))
    .query(({ ctx, input }) => service.listRequests(ctx.db, input?.open)),
  byId: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/honors-requests/{id}',
        tags,
        summary: 'One request: its roles, who answered, who is still needed and the call list',
        protect: true,
      },
    })
    .input(IdInput)
    .output(HonorsDetailSchema)
    .query(({ ctx, input }) => service.requestDetail(ctx.db, input.id)),
  accept: adminProcedure
    .meta({
      changesContent: true,
      audit: 'honors-request',
      openapi: {
        method: 'POST',
        path: '/admin/honors-requests/{id}/accept',
        tags,
        summary: 'Accept: makes the detail (an honors event with one shift per role of the template), unlisted unless listPublicly',
        protect: true,
      },
    })
    .input(AcceptHonorsInput)
    .output(z.object({ eventId: z.number().int() }))
    .mutation(({ ctx, input }) =>
      audited(ctx, { ...what, id: input.id, changes: (r) => ({ state: { old: 'new', new: 'accepted' }, eventId: { old: null, new: r.eventId } }) }, (trx) =>
        service.acceptRequest(trx, input.id, input.listPublicly, ctx.user.id),
      ),
    ),
  decline: adminProcedure
    .meta({
      changesContent: false,
      audit: 'honors-request',
      openapi: { method: 'POST', path: '/admin/honors-requests/{id}/decline', tags, summary: 'Decline a new request', protect: true },
    })
    .input(IdInput)
    .output(HonorsRequestSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { ...what, id: input.id, changes: () => ({ state: { old: 'new', new: 'declined' } }) }, (trx) => service.declineRequest(trx, input.id)),
    ),
  callOut: adminProcedure
    .meta({
      changesContent: false,
      audit: 'honors-request',
      openapi: {
        method: 'POST',
        path: '/admin/honors-requests/{id}/call-out',
        tags,
        summary: 'Mail every active member qualified for a role still open (and no one else) a one-tap answer link per role; answers { queued }',
        protect: true,
      },
    })
    .input(IdInput)
    .output(z.object({ queued: z.number().int() }))
    .mutation(({ ctx, input }) =>
      audited(ctx, { ...what, action: 'call-out', id: input.id, changes: (r) => ({ queued: { old: null, new: r.queued } }) }, (trx) =>
        callOut(trx, input.id, ctx.env.mail.linkSecret, ctx.env.siteUrl),
      ),
    ),
  done: adminProcedure
    .meta({
      changesContent: true,
      audit: 'honors-request',
      openapi: {
        method: 'POST',
        path: '/admin/honors-requests/{id}/done',
        tags,
        summary: 'Mark the detail done: provided, and dollarsCost, go to the CPR figures of its program year',
        protect: true,
      },
    })
    .input(HonorsDoneInput)
    .output(HonorsRequestSchema)
    .mutation(({ ctx, input }) =>
      audited(
        ctx,
        { ...what, id: input.id, changes: (r) => ({ state: { old: 'accepted', new: r.state }, dollarsCost: { old: null, new: r.dollarsCost } }) },
        (trx) => service.markDone(trx, input.id, input.provided, input.dollarsCost),
      ),
    ),
  // Null rather than a 4xx for a link no longer valid, as the cancel link's preview.
  answerPreview: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/honors-answers', tags, summary: 'What a call-out link offers (null when it is not valid any more)' } })
    .input(HonorsAnswerToken)
    .output(HonorsAnswerPreview.nullable())
    .query(({ ctx, input }) => previewAnswer(ctx.db, ctx.env.mail.linkSecret, input.token)),
  answer: publicProcedure
    .meta({
      changesContent: true,
      audit: { none: "a volunteer's own answer to a call-out; the answer row is the record" },
      openapi: {
        method: 'POST',
        path: '/honors-answers',
        tags,
        summary: 'Answer a call-out link: take the role (or, with waitlist, its waitlist when it is full)',
      },
    })
    .input(HonorsAnswerInput)
    .output(HonorsAnswerResult)
    .mutation(({ ctx, input }) => answerByToken(ctx.db, ctx.env.mail.linkSecret, ctx.env.siteUrl, input.token, input.waitlist === true)),
  portalDetails: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/member/honors',
        tags,
        summary: 'Open funeral honors details, those with a role this member is qualified for first',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(PortalHonorsDetailSchema))
    .query(({ ctx }) => openDetailsFor(ctx.db, ctx.member.id)),
  portalAnswer: memberProcedure
    .meta({
      changesContent: true,
      audit: { none: "a member's own answer to a call-out; the answer row is the record" },
      openapi: { method: 'POST', path: '/member/honors/answer', tags, summary: 'Take a role of an open detail as the signed-in member', protect: true },
    })
    .input(PortalHonorsAnswerInput)
    .output(HonorsAnswerResult)
    .mutation(({ ctx, input }) => answerAsMember(ctx.db, ctx.member.id, input.shiftId, ctx.env.siteUrl, input.waitlist === true)),
});
