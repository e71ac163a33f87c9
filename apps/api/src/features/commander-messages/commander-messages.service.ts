import { sql, type Transaction } from 'kysely';
import type { Database, DB } from '@post/db';
import type { CommanderMessage, CreateCommanderMessageInput, UpdateCommanderMessageInput } from '@post/contracts/commander-messages';
import { formMessages } from '@post/contracts/messages/forms';
import { badRequest, notFound } from '../../errors.ts';
import { isBlankHtml, sanitizeCommanderHtml } from './commander-html.ts';
import { inTransaction } from '../../lib/transaction.ts';

export { sanitizeCommanderHtml } from './commander-html.ts';

const columns = ['id', 'content', 'publishDate', 'publishedBy', 'active'] as const;

interface MessageRow {
  id: number;
  content: string;
  publishDate: Date | string;
  publishedBy: number;
  active: boolean;
}

// Stored content was sanitized on save; it is sanitized again here so nothing older or
// written around the API reaches a page unfiltered.
function toMessage(r: MessageRow): CommanderMessage {
  return {
    id: r.id,
    content: sanitizeCommanderHtml(r.content),
    publishDate: new Date(r.publishDate).toISOString(),
    publishedBy: r.publishedBy,
    active: r.active,
  };
}

/** Sanitized content, or 400 with the spec's message when nothing visible is left. */
function cleanContent(content: string): string {
  const clean = sanitizeCommanderHtml(content);
  if (isBlankHtml(clean)) throw badRequest(formMessages.messageContentRequired);
  return clean;
}

/**
 * Serializes every change of which message is active: two activations at once queue here
 * instead of one failing on the partial unique index. SHARE ROW EXCLUSIVE conflicts with
 * itself and with plain writes, and not with reads.
 */
async function lockActive(trx: Transaction<Database>): Promise<void> {
  await sql`lock table commander_messages in share row exclusive mode`.execute(trx);
}

async function deactivateOthers(trx: Transaction<Database>, keepId: number | null): Promise<void> {
  let q = trx
    .updateTable('commanderMessages')
    .set({ active: false, updatedAt: sql<Date>`now()` })
    .where('active', '=', true);
  if (keepId !== null) q = q.where('id', '<>', keepId);
  await q.execute();
}

/** The active Post Commander's "First Last", or null. */
async function commanderName(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select(['firstName', 'lastName'])
    .where('postRole', '=', 'Post Commander')
    .where('isActive', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return row ? `${row.firstName} ${row.lastName}` : null;
}

/** The active message with the Post Commander's name; 404 when none is active. */
export async function activeMessage(db: DB): Promise<CommanderMessage & { commanderName: string | null }> {
  const row = await db.selectFrom('commanderMessages').select(columns).where('active', '=', true).executeTakeFirst();
  if (!row) throw notFound('Commander message');
  return { ...toMessage(row), commanderName: await commanderName(db) };
}

/** Every message, newest first. */
export async function listMessages(db: DB): Promise<CommanderMessage[]> {
  const rows = await db.selectFrom('commanderMessages').select(columns).orderBy('publishDate', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toMessage);
}

/** One message; 404 when missing. */
export async function messageById(db: DB, id: number): Promise<CommanderMessage> {
  const row = await db.selectFrom('commanderMessages').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Commander message');
  return toMessage(row);
}

/** Creates a message (sanitized); saving it as active deactivates the others in the same transaction. */
export async function createMessage(db: DB, input: CreateCommanderMessageInput, userId: number): Promise<CommanderMessage> {
  const content = cleanContent(input.content);
  return inTransaction(db, async (trx) => {
    if (input.active) {
      await lockActive(trx);
      await deactivateOthers(trx, null);
    }
    const row = await trx
      .insertInto('commanderMessages')
      .values({
        content,
        publishDate: input.publishDate ? new Date(input.publishDate) : new Date(),
        publishedBy: userId,
        active: input.active,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}

/** Changes a message (sanitized; its publish date only when given); saving it as active deactivates the others. 404 when missing. */
export async function updateMessage(db: DB, input: UpdateCommanderMessageInput, userId: number): Promise<CommanderMessage> {
  const content = cleanContent(input.content);
  return inTransaction(db, async (trx) => {
    if (input.active) {
      await lockActive(trx);
      await deactivateOthers(trx, input.id);
    }
    const row = await trx
      .updateTable('commanderMessages')
      .set({
        content,
        active: input.active,
        publishedBy: userId,
        ...(input.publishDate ? { publishDate: new Date(input.publishDate) } : {}),
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .returning(columns)
      .executeTakeFirst();
    // Throwing rolls back the deactivation above: a missing id changes nothing.
    if (!row) throw notFound('Commander message');
    return toMessage(row);
  });
}

/** Deletes a message; 404 when missing. */
export async function deleteMessage(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('commanderMessages').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Commander message');
}

/** Makes one message the only active one, in one transaction; 404 when missing. */
export async function activateMessage(db: DB, id: number): Promise<CommanderMessage> {
  return inTransaction(db, async (trx) => {
    await lockActive(trx);
    const exists = await trx.selectFrom('commanderMessages').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('Commander message');
    await deactivateOthers(trx, id);
    const row = await trx
      .updateTable('commanderMessages')
      .set({ active: true, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}
