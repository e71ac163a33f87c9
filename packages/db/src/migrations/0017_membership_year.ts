import { type Kysely, sql } from 'kysely';

// The membership year and Post Everlasting (issue 45, decision 0065).
// - members.paid_through: the membership year paid through. Dues status is derived from it and the
//   renewal calendar in Settings, so the stored dues_status is turned into a year here and dropped:
//   each member keeps the status they showed on the day of the migration, read with the default
//   calendar (renewals for next year open July 1, grace ends January 31) in the post's time zone.
//   Life Members (and the old "exempt") need no year: Life Members are never due.
// - members.deceased_on, obituary, service_era, image_id/image_alt (the honor roll's photo, as news
//   items have theirs), renewal_reminders (the member's own choice, like email_notices).
// - member_payments: each recorded dues payment; renewal_contacts: the Renewals screen's notes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table members
      add column paid_through integer check (paid_through between 1900 and 2200),
      add column deceased_on date,
      add column obituary text,
      add column service_era varchar(100),
      add column image_id integer references images(id) on delete set null,
      add column image_alt text,
      add column renewal_reminders boolean not null default true,
      add constraint members_image_alt check (image_id is null or length(btrim(coalesce(image_alt, ''))) > 0)`.execute(db);
  await sql`
    with post as (
      select (now() at time zone coalesce((select data->>'timeZone' from site_settings where id = 1), 'America/New_York'))::date as today
    ), cal as (
      select extract(year from today)::int as y,
             today >= make_date(extract(year from today)::int, 7, 1) as open,
             today <= make_date(extract(year from today)::int, 1, 31) as grace
      from post
    )
    update members set paid_through = case
        when membership_type = 'Life Member' then null
        when dues_status in ('current', 'exempt') then case when cal.open then cal.y + 1 else cal.y end
        when dues_status = 'due' then case when cal.open then cal.y else cal.y - 1 end
        else case when cal.grace then cal.y - 2 else cal.y - 1 end
      end
    from cal`.execute(db);
  await sql`alter table members drop column dues_status`.execute(db);
  await sql`create index members_deceased_idx on members (deceased_on) where deceased_on is not null`.execute(db);
  await sql`
    create table member_payments (
      id serial primary key,
      member_id integer not null references members(id) on delete cascade,
      year integer not null check (year between 1900 and 2200),
      amount numeric(10, 2) check (amount >= 0),
      method varchar(20) not null check (method in ('cash', 'check', 'card', 'online', 'national')),
      paid_on date not null,
      recorded_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_payments_member_idx on member_payments (member_id, paid_on desc)`.execute(db);
  await sql`
    create table renewal_contacts (
      id serial primary key,
      member_id integer not null references members(id) on delete cascade,
      note varchar(1000) not null,
      contacted_on date not null,
      recorded_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index renewal_contacts_member_idx on renewal_contacts (member_id, contacted_on desc)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
