import { type Kysely, sql } from 'kysely';

// Service that counts (issue 44, decision 0066):
// - service_categories: the ledger's categories in report order, defaults from the sections of the
//   American Legion's Consolidated Post Report; `reportable` false keeps a kind out of the totals.
// - events.service_category_id: an event's default category for its attendance.
// - attendance: at most one row per sign-up (unique volunteer_id), or a walk-in (name, contacts,
//   no sign-up); client_id makes a phone's offline walk-in count once however often it is sent.
// - service_entries: service without an event; a member's own entry waits for approval.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table service_categories (
      id serial primary key,
      name varchar(100) not null check (length(btrim(name)) > 0),
      position integer not null default 0,
      reportable boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index service_categories_name_uq on service_categories (lower(name))`.execute(db);
  await sql`
    insert into service_categories (name, position, reportable) values
      ('Community service', 1, true),
      ('Children & youth', 2, true),
      ('Veterans affairs & rehabilitation', 3, true),
      ('Americanism', 4, true),
      ('Funeral honors', 5, true),
      ('Blood donation', 6, true),
      ('Emergency aid', 7, true),
      ('Other', 8, true),
      ('Post fundraisers, canteen and meetings', 9, false)`.execute(db);
  await sql`alter table events add column service_category_id integer references service_categories(id) on delete set null`.execute(db);
  await sql`
    create table attendance (
      id serial primary key,
      event_id integer not null references events(id) on delete cascade,
      volunteer_id integer unique references volunteers(id) on delete cascade,
      name varchar(100) not null,
      email varchar(254),
      phone varchar(30),
      member_id integer references members(id) on delete set null,
      checked_in_at timestamptz,
      checked_out_at timestamptz,
      hours numeric(5, 2),
      hours_reason varchar(500),
      client_id varchar(64) unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint attendance_out_after_in check (checked_out_at is null or checked_in_at is null or checked_out_at >= checked_in_at),
      constraint attendance_hours check (hours is null or (hours >= 0 and hours <= 24 and length(btrim(coalesce(hours_reason, ''))) > 0))
    )`.execute(db);
  await sql`create index attendance_event_idx on attendance (event_id)`.execute(db);
  await sql`create index attendance_member_idx on attendance (member_id) where member_id is not null`.execute(db);
  await sql`
    create table service_entries (
      id serial primary key,
      member_id integer references members(id) on delete set null,
      name varchar(100) not null check (length(btrim(name)) > 0),
      service_date date not null,
      hours numeric(5, 2) not null check (hours > 0 and hours <= 24),
      miles numeric(7, 1) not null default 0 check (miles >= 0 and miles <= 5000),
      category_id integer not null references service_categories(id) on delete restrict,
      note varchar(2000),
      image_id integer references images(id) on delete set null,
      logged_by_member boolean not null default false,
      approved_at timestamptz,
      approved_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index service_entries_date_idx on service_entries (service_date)`.execute(db);
  await sql`create index service_entries_member_idx on service_entries (member_id) where member_id is not null`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
