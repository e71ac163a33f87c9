import { z } from 'zod';
import { CommunityEngagementSchema, CreateEngagementInput, UpdateEngagementInput } from '@post/contracts/community-engagements';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import * as service from './community-engagements.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['Community engagements'];

/** Community engagement highlights: one active at a time (decisions §3). */
export const communityEngagementsRouter = router({
  active: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/community-engagements/active', tags, summary: 'The active highlight (404 when none)' } })
    .input(z.void())
    .output(CommunityEngagementSchema)
    .query(({ ctx }) => service.activeEngagement(ctx.db)),
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/community-engagements', tags, summary: 'Every highlight, active first, then newest' } })
    .input(z.void())
    .output(z.array(CommunityEngagementSchema))
    .query(({ ctx }) => service.listEngagements(ctx.db)),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/community-engagements/{id}', tags, summary: 'One highlight' } })
    .input(IdInput)
    .output(CommunityEngagementSchema)
    .query(({ ctx, input }) => service.engagementById(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'community-engagement',
      openapi: { method: 'POST', path: '/community-engagements', tags, summary: 'Create a highlight', protect: true },
    })
    .input(CreateEngagementInput)
    .output(CommunityEngagementSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'community-engagement', action: 'create' }, (trx) => service.createEngagement(trx, input))),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'community-engagement',
      openapi: { method: 'PUT', path: '/community-engagements/{id}', tags, summary: 'Replace a highlight', protect: true },
    })
    .input(UpdateEngagementInput)
    .output(CommunityEngagementSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'community-engagement', action: 'update', before: (trx) => service.engagementById(trx, input.id) }, (trx) =>
        service.updateEngagement(trx, input),
      ),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'community-engagement',
      openapi: { method: 'DELETE', path: '/community-engagements/{id}', tags, summary: 'Delete a highlight', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.engagementById(trx, input.id);
      await audited(ctx, { entity: 'community-engagement', action: 'delete', id: input.id, before }, (trx) => service.deleteEngagement(trx, input.id));
      return { ok: true as const };
    }),
  activate: adminProcedure
    .meta({
      changesContent: true,
      audit: 'community-engagement',
      openapi: { method: 'PATCH', path: '/community-engagements/{id}/activate', tags, summary: 'Make this the one active highlight', protect: true },
    })
    .input(IdInput)
    .output(CommunityEngagementSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'community-engagement', action: 'activate', before: (trx) => service.engagementById(trx, input.id) }, (trx) =>
        service.activateEngagement(trx, input.id),
      ),
    ),
});
