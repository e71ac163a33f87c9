import { type Kysely, sql } from 'kysely';

// volunteers_event_idx (event_id), from 0006, repeats the leading column of the unique index
// volunteers_event_email_uq (event_id, lower(email)) of 0001, which serves every lookup by event
// (an event's sign-ups, the cascade when an event is deleted) as well. Each sign-up paid for
// the second index's entry inside its statement.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists volunteers_event_idx`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
