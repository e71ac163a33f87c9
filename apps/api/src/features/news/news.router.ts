import { z } from 'zod';
import { CreateNewsInput, NewsSchema, UpdateNewsInput } from '@post/contracts/news';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, publicProcedure, router, staffViewer } from '../../trpc.ts';
import * as service from './news.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['News'];

/** News items: public reads, administrator writes. */
export const newsRouter = router({
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/news', tags, summary: 'News items, newest first' } })
    .input(z.void())
    .output(z.array(NewsSchema))
    .query(({ ctx }) => service.listNews(ctx.db)),
  adminList: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/news', tags, summary: 'All news items, newest first, scheduled ones included', protect: true } })
    .input(z.void())
    .output(z.array(NewsSchema))
    .query(({ ctx }) => service.listNews(ctx.db, { includeScheduled: true })),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/news/{id}', tags, summary: 'One news item' } })
    .input(IdInput)
    .output(NewsSchema)
    // Administrators may open a scheduled item (to edit it); everyone else gets 404 until it is published.
    .query(async ({ ctx, input }) => service.newsById(ctx.db, input.id, { includeScheduled: (await staffViewer(ctx)) !== null })),
  create: adminProcedure
    .meta({ changesContent: true, audit: 'news', openapi: { method: 'POST', path: '/news', tags, summary: 'Create a news item', protect: true } })
    .input(CreateNewsInput)
    .output(NewsSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'news', action: 'create' }, (trx) => service.createNews(trx, input, ctx.user.id))),
  createDirect: adminProcedure
    .meta({
      changesContent: true,
      audit: 'news',
      openapi: { method: 'POST', path: '/news-direct', tags, summary: 'Create a news item (same as POST /news)', protect: true },
    })
    .input(CreateNewsInput)
    .output(NewsSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'news', action: 'create' }, (trx) => service.createNews(trx, input, ctx.user.id))),
  update: adminProcedure
    .meta({ changesContent: true, audit: 'news', openapi: { method: 'PUT', path: '/news/{id}', tags, summary: 'Replace a news item', protect: true } })
    .input(UpdateNewsInput)
    .output(NewsSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'news', action: 'update', before: (trx) => service.newsById(trx, input.id, { includeScheduled: true }) }, (trx) =>
        service.updateNews(trx, input),
      ),
    ),
  remove: adminProcedure
    .meta({ changesContent: true, audit: 'news', openapi: { method: 'DELETE', path: '/news/{id}', tags, summary: 'Delete a news item', protect: true } })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.newsById(trx, input.id, { includeScheduled: true });
      await audited(ctx, { entity: 'news', action: 'delete', id: input.id, before }, (trx) => service.deleteNews(trx, input.id));
      return { ok: true as const };
    }),
});
