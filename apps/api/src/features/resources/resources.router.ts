import { z } from 'zod';
import { CreateResourceInput, ResourceSchema, UpdateResourceInput } from '@post/contracts/resources';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import * as service from './resources.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['Resources'];

/** Public veteran resources: public reads, administrator writes. */
export const resourcesRouter = router({
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/resources', tags, summary: 'Resources by category and display order' } })
    .input(z.void())
    .output(z.array(ResourceSchema))
    .query(({ ctx }) => service.listResources(ctx.db)),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/resources/{id}', tags, summary: 'One resource' } })
    .input(IdInput)
    .output(ResourceSchema)
    .query(({ ctx, input }) => service.resourceById(ctx.db, input.id)),
  create: adminProcedure
    .meta({ changesContent: true, audit: 'resource', openapi: { method: 'POST', path: '/resources', tags, summary: 'Create a resource', protect: true } })
    .input(CreateResourceInput)
    .output(ResourceSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'resource', action: 'create' }, (trx) => service.createResource(trx, input))),
  update: adminProcedure
    .meta({ changesContent: true, audit: 'resource', openapi: { method: 'PUT', path: '/resources/{id}', tags, summary: 'Replace a resource', protect: true } })
    .input(UpdateResourceInput)
    .output(ResourceSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'resource', action: 'update', before: (trx) => service.resourceById(trx, input.id) }, (trx) => service.updateResource(trx, input)),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'resource',
      openapi: { method: 'DELETE', path: '/resources/{id}', tags, summary: 'Delete a resource', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.resourceById(trx, input.id);
      await audited(ctx, { entity: 'resource', action: 'delete', id: input.id, before }, (trx) => service.deleteResource(trx, input.id));
      return { ok: true as const };
    }),
});
