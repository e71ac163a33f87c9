import { sql } from 'kysely';
import type { DB, MailAttachment } from '@post/db';

// The mail worker's reads and writes of mail_outbox rows: claiming due rows under a lease, and
// recording what became of each (worker.ts decides which).

/** How long a claimed message stays out of other nodes' reach while one node sends it. */
const LOCK_SECONDS = 300;

/** A row claimed for sending. */
export interface Claimed {
  id: number;
  idempotencyKey: string;
  toAddress: string;
  /** Null (html, textBody) for a row queued by template and not rendered yet (decision 0045). */
  subject: string | null;
  html: string | null;
  textBody: string | null;
  template: string | null;
  params: unknown;
  headers: Record<string, string>;
  attachments: MailAttachment[];
  attempts: number;
}

/** Claims up to `limit` due rows (FOR UPDATE SKIP LOCKED: nodes never take the same row), oldest first. */
export async function claimDue(db: DB, limit: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update mail_outbox set state = 'sending', locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), updated_at = now()
    where id in (
      select id from mail_outbox
      where (state = 'queued' or (state = 'sending' and locked_until < now())) and not_before <= now()
      order by not_before, id
      limit ${limit}
      for update skip locked)
    returning id, idempotency_key, to_address, subject, html, text_body, template, params, headers, attachments, attempts`.execute(db);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Returns claimed rows not sent to the queue. */
export async function release(db: DB, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('mailOutbox').set({ state: 'queued', lockedUntil: null }).where('id', 'in', ids).where('state', '=', 'sending').execute();
}

/** A row dropped unsent because what it was about is gone. */
export async function markCancelled(db: DB, id: number, reason: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ state: 'cancelled', lastError: reason, lockedUntil: null, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A row sent; `written` is the content rendered at send time, kept for the admin Outbox. */
export async function markSent(
  db: DB,
  id: number,
  attempts: number,
  written: Partial<{ subject: string; html: string; textBody: string; attachments: string }>,
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ state: 'sent', sentAt: sql<Date>`now()`, attempts, lastError: null, lockedUntil: null, updatedAt: sql<Date>`now()`, ...written })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: the row is failed for good (`retryAt` undefined), or queued again at `retryAt`. */
export async function recordFailure(db: DB, id: number, attempts: number, error: string, retryAt: Date | undefined, subject?: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({
      ...(subject !== undefined ? { subject } : {}),
      state: retryAt === undefined ? 'failed' : 'queued',
      attempts,
      lastError: error,
      lockedUntil: null,
      notBefore: retryAt ?? sql<Date>`not_before`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
