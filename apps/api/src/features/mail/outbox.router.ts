import { sql } from 'kysely';
import { mailMessages } from '@post/contracts/messages/mail';
import { MailStatusSchema, OutboxIdInput, OutboxListInput, OutboxListSchema, OutboxMessageSchema, type OutboxItem } from '@post/contracts/mail';
import { administratorProcedure, publicProcedure, router, type Context } from '../../trpc.ts';
import { z } from 'zod';
import { badRequest, conflict, AppError } from '../../errors.ts';
import { audited } from '../audit/audit.ts';
import type { DB, MailAttachment } from '@post/db';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { listedSubjects, renderQueued } from './render-queued.ts';
import { NO_MAIL_SERVER } from './worker.ts';

const tags = ['Outbox'];

const columns = ['id', 'kind', 'toAddress', 'subject', 'state', 'attempts', 'lastError', 'createdAt', 'sentAt', 'notBefore'] as const;

/** What the Outbox shows for the subject of a message that is written only when sent. */
export const WRITTEN_WHEN_SENT = '(written when sent)';

/**
 * One row as listed. `deliverable`: whether this node has a mail server; without one, a queued
 * message with no error of its own shows NO_MAIL_SERVER (the worker writes nothing then).
 */
function toItem(
  r: {
    id: number;
    kind: string;
    toAddress: string;
    subject: string | null;
    state: string;
    attempts: number;
    lastError: string | null;
    createdAt: Date;
    sentAt: Date | string | null;
    notBefore: Date | string;
  },
  deliverable: boolean,
): OutboxItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject ?? WRITTEN_WHEN_SENT,
    state: r.state as OutboxItem['state'],
    attempts: r.attempts,
    lastError: r.lastError ?? (r.state === 'queued' && !deliverable ? NO_MAIL_SERVER : null),
    createdAt: new Date(r.createdAt).toISOString(),
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    notBefore: new Date(r.notBefore).toISOString(),
  };
}

const deliverable = (ctx: Context) => ctx.req.server.mailWorker.configured;

/**
 * A message as an administrator sees it: the token of every link (reset, invitation, confirmation,
 * cancel, unsubscribe) masked, so reading the Outbox cannot be used to take over an account (decision 0059).
 */
export function maskTokens(body: string): string {
  return body.replace(/([?&](?:amp;)?token=)[^&"'<>\s]+/g, '$1(hidden)');
}

/**
 * The preview's pictures: a message's inline pictures (the check-in QR) are named `cid:` and
 * travel as attachments, which a browser cannot follow, so the preview shows each from its
 * attachment as a data address (decision 0096). The code is the one the message's link shows.
 */
export function inlinePictures(html: string, attachments: readonly MailAttachment[]): string {
  const byCid = new Map(attachments.filter((a) => a.cid && a.encoding === 'base64').map((a) => [a.cid!, a]));
  return html.replace(/src="cid:([^"]+)"/g, (whole, cid: string) => {
    const a = byCid.get(cid);
    return a && /^image\/(png|jpeg|gif)$/.test(a.contentType) ? `src="data:${a.contentType};base64,${a.content}"` : whole;
  });
}

/** The admin Outbox: every message the site sent, is sending, or gave up on. */
export const outboxRouter = router({
  // Public: a visitor told "Check your e-mail" is told the truth when nothing can be sent yet.
  status: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mail/status', tags, summary: 'Whether the site can send e-mail now (a mail server is set up)' } })
    .input(z.void())
    .output(MailStatusSchema)
    .query(({ ctx }) => ({ configured: deliverable(ctx) })),
  list: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/outbox', tags, summary: 'Messages of the outbox, newest first, with search and paging', protect: true } })
    .input(OutboxListInput)
    .output(OutboxListSchema)
    .query(async ({ ctx, input }) => {
      let q = ctx.db.selectFrom('mailOutbox');
      if (input.q) {
        const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('toAddress', 'ilike', like), eb('subject', 'ilike', like), eb('kind', 'ilike', like)]));
      }
      if (input.state) q = q.where('state', '=', input.state);
      const [{ total }] = [await q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()];
      const rows = await q
        .select([...columns, 'template', 'params'])
        // Newest first: ids are given in the order rows are written (the primary key's index).
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize)
        .execute();
      // A volunteer's message not rendered yet is listed by the subject it will have (decision 0049).
      const subjects = await listedSubjects(
        ctx.db,
        rows.filter((r) => r.subject === null),
      );
      return {
        items: rows.map((r) => toItem({ ...r, subject: r.subject ?? subjects.get(Number(r.id)) ?? null }, deliverable(ctx))),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    }),
  byId: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/outbox/{id}',
        tags,
        summary: 'One message with its content',
        protect: true,
        errorResponses: { 404: 'Not found' },
      },
    })
    .input(OutboxIdInput)
    .output(OutboxMessageSchema)
    .query(async ({ ctx, input }) => {
      const r = await ctx.db
        .selectFrom('mailOutbox')
        .select([...columns, 'html', 'textBody', 'attachments', 'template', 'params'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!r) throw new AppError('NOT_FOUND', mailMessages.outboxNotFound);
      if (r.html !== null && r.textBody !== null) {
        return {
          ...toItem(r, deliverable(ctx)),
          text: maskTokens(r.textBody),
          html: inlinePictures(maskTokens(r.html), r.attachments),
          attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
        };
      }
      // Queued by template and not sent yet (decision 0045): rendered now, for display only,
      // with today's settings; the worker renders it again when it sends it.
      try {
        const shown = await renderQueued(r.template ?? '', r.params, { settings: await getSettings(ctx.db), linkSecret: ctx.env.mail.linkSecret, db: ctx.db });
        return {
          ...toItem({ ...r, subject: r.subject ?? shown.subject }, deliverable(ctx)),
          text: maskTokens(shown.text),
          html: inlinePictures(maskTokens(shown.html), shown.attachments ?? []),
          attachments: (shown.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        };
      } catch (err) {
        const why = `${WRITTEN_WHEN_SENT} This message cannot be shown before it is sent: ${(err as Error).message}`;
        return { ...toItem(r, deliverable(ctx)), text: why, html: '', attachments: [] };
      }
    }),
  // Decision 0086: any queued message can be stopped before it goes; one already sent cannot.
  cancel: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'outbox',
      openapi: {
        method: 'POST',
        path: '/admin/outbox/{id}/cancel',
        tags,
        summary: 'Cancel a queued message; one already sent (or being sent) is 409',
        protect: true,
        errorResponses: { 404: 'Not found', 409: 'Not queued' },
      },
    })
    .input(OutboxIdInput)
    .output(OutboxMessageSchema.pick({ id: true, state: true }))
    .mutation(async ({ ctx, input }) => {
      const row = await audited(
        ctx,
        { entity: 'outbox', action: 'cancel', id: input.id, changes: (r) => ({ state: { old: 'queued', new: r.state } }) },
        async (trx: DB) => {
          const before = await trx.selectFrom('mailOutbox').select('state').where('id', '=', input.id).forUpdate().executeTakeFirst();
          if (!before) throw new AppError('NOT_FOUND', mailMessages.outboxNotFound);
          if (before.state !== 'queued') throw conflict(mailMessages.onlyQueuedCancel(before.state));
          return trx
            .updateTable('mailOutbox')
            .set({ state: 'cancelled', lastError: mailMessages.cancelledByAdministrator, lockedUntil: null, updatedAt: new Date() })
            .where('id', '=', input.id)
            .returning(['id', 'state'])
            .executeTakeFirstOrThrow();
        },
      );
      return { id: Number(row.id), state: row.state as 'cancelled' };
    }),
  retry: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'outbox',
      openapi: {
        method: 'POST',
        path: '/admin/outbox/{id}/retry',
        tags,
        summary: 'Queue a failed message again',
        protect: true,
        errorResponses: { 404: 'Not found' },
      },
    })
    .input(OutboxIdInput)
    .output(OutboxMessageSchema.pick({ id: true, state: true }))
    .mutation(async ({ ctx, input }) => {
      const row = await audited(
        ctx,
        { entity: 'outbox', action: 'retry', id: input.id, changes: (r) => (r ? { state: { old: r.before, new: r.state } } : null) },
        async (trx: DB) => {
          const before = await trx.selectFrom('mailOutbox').select('state').where('id', '=', input.id).forUpdate().executeTakeFirst();
          const r = await trx
            .updateTable('mailOutbox')
            .set({ state: 'queued', attempts: 0, lastError: null, notBefore: new Date(), lockedUntil: null, updatedAt: new Date() })
            .where('id', '=', input.id)
            .where('state', 'in', ['failed', 'cancelled'])
            .returning(['id', 'state'])
            .executeTakeFirst();
          if (!before) throw new AppError('NOT_FOUND', mailMessages.outboxNotFound);
          if (!r) throw badRequest(mailMessages.onlyFailedRetry);
          return { ...r, before: before.state };
        },
      );
      return { id: Number(row.id), state: row.state };
    }),
});
