import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB, MailAttachment } from '@post/db';
import type { Rendered } from './templates.ts';
import { queuedSubject, type ParamsOf, type TemplateName } from './render-queued.ts';

interface Envelope {
  /** Unique per message: queuing the same key twice keeps the first (and so sends once). */
  idempotencyKey: string;
  kind: string;
  to: string;
  headers?: Record<string, string>;
  /** Not to be sent before this time (reminders are queued ahead). */
  notBefore?: Date;
}

/** A message queued rendered: what it says, whole. */
export interface OutgoingMessage extends Envelope, Rendered {
  attachments?: MailAttachment[];
}

/**
 * A message queued by what renders it (decision 0045): the worker renders the template with its
 * parameters when it sends the row. The subject is stored now, so the Outbox lists it.
 */
export type DeferredMessage = {
  [N in TemplateName]: Envelope & { template: N; params: ParamsOf<N> };
}[TemplateName];

/**
 * Queues a message in the caller's transaction (or connection), so it exists exactly when the
 * action that causes it does. A second message with the same idempotency key is ignored.
 * Returns whether a row was written.
 */
export async function enqueue(db: DB, m: OutgoingMessage | DeferredMessage): Promise<boolean> {
  const content =
    'template' in m
      ? { template: m.template, params: JSON.stringify(m.params), subject: queuedSubject(m.template, m.params as never) }
      : { subject: m.subject, html: m.html, textBody: m.text, attachments: JSON.stringify(m.attachments ?? []) };
  const result = await db
    .insertInto('mailOutbox')
    .values({
      idempotencyKey: m.idempotencyKey,
      kind: m.kind,
      toAddress: m.to,
      ...content,
      headers: JSON.stringify(m.headers ?? {}),
      notBefore: m.notBefore ?? sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** An unguessable token (256 bits) for a link, and the hash that is stored of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a token's hash for a purpose and subject (a volunteer id, a subscriber id...). */
export async function storeToken(db: DB, hash: string, purpose: string, subjectId: number, expiresAt: Date): Promise<void> {
  await db.insertInto('mailTokens').values({ tokenHash: hash, purpose, subjectId, expiresAt }).execute();
}

/**
 * Uses a token once: marks it used and returns its subject, or null when it is unknown, used,
 * expired or for another purpose. The update is the check, so two requests with one token
 * cannot both succeed.
 */
export async function useToken(db: DB, token: string, purpose: string): Promise<number | null> {
  if (token.length < 20 || token.length > 200) return null;
  const row = await db
    .updateTable('mailTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('subjectId')
    .executeTakeFirst();
  return row?.subjectId ?? null;
}
