import { type Kysely, sql } from 'kysely';

// Several officers (issue 21, decisions 0031 and 0032). Two roles: 'administrator' (everything)
// and 'editor' (content only); the old single role 'admin' becomes 'administrator'. An account
// can be disabled, can carry a temporary password that must be changed at the next sign-in, and
// can have a second factor: a TOTP secret (RFC 6238) with the last time step accepted (so a code
// cannot be used twice) and ten single-use recovery codes kept only as SHA-256 hashes.
// Invitations are rows of mail_tokens with purpose 'invitation' (SHA-256 of the token, 72 h).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users alter column role type text`.execute(db);
  await sql`update users set role = 'administrator' where role = 'admin'`.execute(db);
  await sql`alter table users alter column role set default 'administrator'`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('administrator', 'editor'))`.execute(db);
  await sql`alter table users add column disabled boolean not null default false`.execute(db);
  await sql`alter table users add column must_change_password boolean not null default false`.execute(db);
  await sql`alter table users add column last_sign_in_at timestamptz`.execute(db);
  await sql`alter table users add column totp_secret text`.execute(db);
  await sql`alter table users add column totp_enabled boolean not null default false`.execute(db);
  await sql`alter table users add column totp_last_step bigint`.execute(db);
  await sql`
    create table user_recovery_codes (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null unique,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_recovery_codes_user on user_recovery_codes (user_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
