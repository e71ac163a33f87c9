import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import { CreateMemberResourceInput, MemberResourceSchema, UpdateMemberResourceInput } from '@post/contracts/member-resources';
import { adminProcedure, router } from '../../trpc.ts';
import * as service from './member-resources.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['Member resources (admin)'];

/** Administrators manage the resources of the member portal (a link or an uploaded file). */
export const memberResourcesRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/member-resources', tags, summary: 'Every resource, active or not', protect: true } })
    .input(z.void())
    .output(z.array(MemberResourceSchema))
    .query(({ ctx }) => service.listResources(ctx.db)),
  byId: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/member-resources/{id}', tags, summary: 'One resource', protect: true } })
    .input(IdInput)
    .output(MemberResourceSchema)
    .query(({ ctx, input }) => service.resourceById(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-resource',
      openapi: {
        method: 'POST',
        path: '/admin/member-resources',
        tags,
        summary: 'Create a resource (upload its file next with PUT .../{id}/file)',
        protect: true,
      },
    })
    .input(CreateMemberResourceInput)
    .output(MemberResourceSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'member-resource', action: 'create' }, (trx) => service.createResource(trx, input))),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-resource',
      openapi: { method: 'PUT', path: '/admin/member-resources/{id}', tags, summary: 'Change a resource (a URL replaces an uploaded file)', protect: true },
    })
    .input(UpdateMemberResourceInput)
    .output(MemberResourceSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'member-resource', action: 'update', before: (trx) => service.resourceById(trx, input.id) }, (trx) =>
        service.updateResource(trx, input),
      ),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'member-resource',
      openapi: { method: 'DELETE', path: '/admin/member-resources/{id}', tags, summary: 'Delete a resource and its file', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.resourceById(trx, input.id);
      await audited(ctx, { entity: 'member-resource', action: 'delete', id: input.id, before }, (trx) => service.deleteResource(trx, input.id));
      return { ok: true as const };
    }),
});
