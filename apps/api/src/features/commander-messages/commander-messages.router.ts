import { z } from 'zod';
import {
  ActiveCommanderMessageSchema,
  CommanderMessageSchema,
  CreateCommanderMessageInput,
  UpdateCommanderMessageInput,
} from '@post/contracts/commander-messages';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import * as service from './commander-messages.service.ts';
import { audited } from '../audit/audit.ts';
import type { DB } from '@post/db';

const tags = ['Commander messages'];

/** Commander messages: one active at a time (decisions §3); HTML sanitized on save and on show. */
export const commanderMessagesRouter = router({
  active: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/commander-message', tags, summary: 'The active message (404 when none)' } })
    .input(z.void())
    .output(ActiveCommanderMessageSchema)
    .query(({ ctx }) => service.activeMessage(ctx.db)),
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/commander-messages', tags, summary: 'Every message, newest first' } })
    .input(z.void())
    .output(z.array(CommanderMessageSchema))
    .query(({ ctx }) => service.listMessages(ctx.db)),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/commander-messages/{id}', tags, summary: 'One message' } })
    .input(IdInput)
    .output(CommanderMessageSchema)
    .query(({ ctx, input }) => service.messageById(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'commander-message',
      openapi: { method: 'POST', path: '/commander-messages', tags, summary: 'Create a message', protect: true },
    })
    .input(CreateCommanderMessageInput)
    .output(CommanderMessageSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'commander-message', action: 'create' }, (trx) => service.createMessage(trx, input, ctx.user.id))),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'commander-message',
      openapi: { method: 'PATCH', path: '/commander-messages/{id}', tags, summary: 'Change a message', protect: true },
    })
    .input(UpdateCommanderMessageInput)
    .output(CommanderMessageSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'commander-message', action: 'update', before: (trx) => service.messageById(trx, input.id) }, (trx) =>
        service.updateMessage(trx, input, ctx.user.id),
      ),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'commander-message',
      openapi: { method: 'DELETE', path: '/commander-messages/{id}', tags, summary: 'Delete a message', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => service.messageById(trx, input.id);
      await audited(ctx, { entity: 'commander-message', action: 'delete', id: input.id, before }, (trx) => service.deleteMessage(trx, input.id));
      return { ok: true as const };
    }),
  activate: adminProcedure
    .meta({
      changesContent: true,
      audit: 'commander-message',
      openapi: { method: 'PATCH', path: '/commander-messages/{id}/activate', tags, summary: 'Make this the one active message', protect: true },
    })
    .input(IdInput)
    .output(CommanderMessageSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'commander-message', action: 'activate', before: (trx) => service.messageById(trx, input.id) }, (trx) =>
        service.activateMessage(trx, input.id),
      ),
    ),
});
