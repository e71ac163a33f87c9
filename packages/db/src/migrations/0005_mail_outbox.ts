import { type Kysely, sql } from 'kysely';

// E-mail (issue 19). Every message is a row of mail_outbox written in the same transaction as
// the action that causes it, and a worker in every app node sends them, claiming rows with
// FOR UPDATE SKIP LOCKED so two nodes never take the same one. `idempotency_key` is unique:
// a message that could be caused twice (a reminder, a confirmation) is inserted with
// ON CONFLICT DO NOTHING and so exists, and is sent, at most once.
// mail_tokens holds the single-use links mailed out (cancel a sign-up, ...): only a SHA-256
// of the token is stored, so a database copy does not hold working links.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table mail_outbox (
      id bigserial primary key,
      idempotency_key text not null unique,
      kind text not null,
      to_address text not null,
      subject text not null,
      html text not null,
      text_body text not null,
      headers jsonb not null default '{}'::jsonb,
      attachments jsonb not null default '[]'::jsonb,
      state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed', 'cancelled')),
      attempts integer not null default 0,
      last_error text,
      not_before timestamptz not null default now(),
      locked_until timestamptz,
      sent_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The worker's one query: due, queued rows in order.
  await sql`create index mail_outbox_due on mail_outbox (not_before, id) where state in ('queued', 'sending')`.execute(db);
  await sql`create index mail_outbox_created on mail_outbox (created_at desc, id desc)`.execute(db);
  await sql`
    create table mail_tokens (
      token_hash text primary key,
      purpose text not null,
      subject_id integer not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index mail_tokens_subject on mail_tokens (purpose, subject_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
