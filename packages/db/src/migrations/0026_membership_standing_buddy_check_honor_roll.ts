import { type Kysely, sql } from 'kysely';

// Issue 61 (decision 0086): continuous years, the honor roll's draft and publish step with the
// family's consent, and Buddy Check campaigns with their calls.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table members
      add column continuous_years integer check (continuous_years between 0 and 150),
      add column honor_published_at timestamptz,
      add column honor_family_consent boolean not null default false,
      add column honor_ceremony_date date,
      add column honor_offices text,
      add column next_of_kin text,
      add column death_reported_on date`.execute(db);
  // Entries shown before this migration stay shown: their families were never asked, but taking them down would surprise more.
  await sql`update members set honor_published_at = now() where deceased_on is not null`.execute(db);
  await sql`
    create table buddy_check_campaigns (
      id serial primary key,
      name varchar(200) not null check (length(btrim(name)) > 0),
      include_former boolean not null default false,
      created_at timestamptz not null default now(),
      created_by integer references users(id) on delete set null
    )`.execute(db);
  await sql`
    create table buddy_check_calls (
      id serial primary key,
      campaign_id integer not null references buddy_check_campaigns(id) on delete cascade,
      member_id integer not null references members(id) on delete cascade,
      caller_id integer references members(id) on delete set null,
      outcome varchar(20) check (outcome in ('reached', 'message', 'needs-help', 'wrong-number', 'deceased', 'declined')),
      note text,
      called_on date,
      followed_up_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (campaign_id, member_id)
    )`.execute(db);
  await sql`create index buddy_check_calls_caller_idx on buddy_check_calls (caller_id)`.execute(db);
  await sql`create index buddy_check_calls_reached_idx on buddy_check_calls (called_on) where outcome = 'reached'`.execute(db);
}
