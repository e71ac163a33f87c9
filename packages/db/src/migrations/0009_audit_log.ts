import { type Kysely, sql } from 'kysely';

// Who changed what (issue 21): one row per administrator write, sign-in and failed sign-in,
// written in the same transaction as the change it records. The application never updates or
// deletes a row except the retention prune; `changes` holds { field: { old, new } } for the
// fields that changed, never a password, token or secret.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_user_id integer references users(id) on delete set null,
      actor_name text,
      ip text,
      entity text not null,
      entity_id text,
      action text not null,
      changes jsonb
    )`.execute(db);
  await sql`create index audit_log_at on audit_log (at desc)`.execute(db);
  await sql`create index audit_log_actor on audit_log (actor_user_id, at desc)`.execute(db);
  await sql`create index audit_log_entity on audit_log (entity, at desc)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
