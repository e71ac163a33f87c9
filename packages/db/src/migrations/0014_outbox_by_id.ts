import { type Kysely, sql } from 'kysely';

// The Outbox lists messages newest first by id, the primary key's order, and no pass reads the
// queue by creation time any more (a node without SMTP_URL writes nothing: decision 0050). The
// index on created_at served only those two, and cost every message one more index entry,
// written in the transaction of the action that caused it (a volunteer's sign-up).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists mail_outbox_created`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
