import { type Kysely, sql } from 'kysely';

// Newsletter with consent and member mail (issue 19, items 3-5).
// - newsletter_subscribers gains confirmed_at and unsubscribed_at: a sign-up is now only a
//   pending row until its confirmation link is used. Addresses that subscribed before this
//   migration count as confirmed (confirmed_at = created_at): they asked through the same form
//   when it made them subscribers at once, so their consent stands.
// - newsletter_issues: each issue an administrator sent; newsletter_deliveries: one row per
//   subscriber and issue, naming its outbox message (sent/failed counts) and holding the
//   SHA-256 of that message's unsubscribe token (the unsubscribe count).
// - members.email_notices: a member may turn off non-urgent notices by e-mail (default on).
// Password-reset links use mail_tokens (migration 0005) and need no table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table newsletter_subscribers add column confirmed_at timestamptz, add column unsubscribed_at timestamptz`.execute(db);
  await sql`update newsletter_subscribers set confirmed_at = created_at`.execute(db);
  await sql`
    create table newsletter_issues (
      id serial primary key,
      subject varchar(200) not null,
      content text not null,
      sent_by integer references users(id) on delete set null,
      recipients integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table newsletter_deliveries (
      issue_id integer not null references newsletter_issues(id) on delete cascade,
      subscriber_id integer not null references newsletter_subscribers(id) on delete cascade,
      outbox_key text not null,
      token_hash text not null unique,
      unsubscribed_at timestamptz,
      primary key (issue_id, subscriber_id)
    )`.execute(db);
  await sql`alter table members add column email_notices boolean not null default true`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
