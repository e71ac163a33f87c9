import { z } from 'zod';
import { IdInput } from '@post/contracts/common';
import { HonorRollEntrySchema } from '@post/contracts/honor-roll';
import { publicProcedure, router } from '../../trpc.ts';
import { honorRollEntry, listHonorRoll } from './honor-roll.service.ts';

const tags = ['Honor roll'];

/** Post Everlasting: the public honor roll of departed members (decision 0065). */
export const honorRollRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/honor-roll', tags, summary: 'Departed members, most recent first (404 when the honor roll is turned off)' },
    })
    .input(z.void())
    .output(z.array(HonorRollEntrySchema))
    .query(({ ctx }) => listHonorRoll(ctx.db)),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/honor-roll/{id}', tags, summary: 'One departed member, with the obituary' } })
    .input(IdInput)
    .output(HonorRollEntrySchema)
    .query(({ ctx, input }) => honorRollEntry(ctx.db, input.id)),
});
