import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import { CreateCommunicationInput, MemberCommunicationSchema, UpdateCommunicationInput } from '@post/contracts/member-communications';
import { adminProcedure, router } from '../../trpc.ts';
import * as service from './member-communications.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['Member communications (admin)'];

/** Administrators write communications for members (published or draft, with an audience). */
export const memberCommunicationsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/member-communications', tags, summary: 'Every communication, drafts included', protect: true } })
    .input(z.void())
    .output(z.array(MemberCommunicationSchema))
    .query(({ ctx }) => service.listCommunications(ctx.db)),
  byId: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/member-communications/{id}', tags, summary: 'One communication', protect: true } })
    .input(IdInput)
    .output(MemberCommunicationSchema)
    .query(({ ctx, input }) => service.communicationById(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-communication',
      openapi: { method: 'POST', path: '/admin/member-communications', tags, summary: 'Create a communication', protect: true },
    })
    .input(CreateCommunicationInput)
    .output(MemberCommunicationSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'member-communication', action: 'create' }, (trx) => service.createCommunication(trx, input, ctx.user.id, ctx.env.siteUrl)),
    ),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-communication',
      openapi: { method: 'PUT', path: '/admin/member-communications/{id}', tags, summary: 'Change a communication', protect: true },
    })
    .input(UpdateCommunicationInput)
    .output(MemberCommunicationSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'member-communication', action: 'update', before: (trx) => service.communicationById(trx, input.id) }, (trx) =>
        service.updateCommunication(trx, input, ctx.env.siteUrl),
      ),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-communication',
      openapi: { method: 'DELETE', path: '/admin/member-communications/{id}', tags, summary: 'Delete a communication', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.communicationById(trx, input.id);
      await audited(ctx, { entity: 'member-communication', action: 'delete', id: input.id, before }, (trx) => service.deleteCommunication(trx, input.id));
      return { ok: true as const };
    }),
});
