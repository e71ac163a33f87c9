import { z } from 'zod';
import { PostCommanderSchema } from '@post/contracts/members';
import { notFound } from '../../errors.ts';
import { publicProcedure } from '../../trpc.ts';

/** GET /api/members/post-commander: the active Post Commander's name, or 404 (decisions §2). */
export const postCommanderProcedure = publicProcedure
  .meta({ cache: 'public', openapi: { method: 'GET', path: '/members/post-commander', tags: ['Members'], summary: "The Post Commander's name" } })
  .input(z.void())
  .output(PostCommanderSchema)
  .query(async ({ ctx }) => {
    const row = await ctx.db
      .selectFrom('members')
      .select(['firstName', 'lastName'])
      .where('postRole', '=', 'Post Commander')
      .where('isActive', '=', true)
      .where('deceasedOn', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!row) throw notFound('Post Commander');
    return { fullName: `${row.firstName} ${row.lastName}` };
  });
