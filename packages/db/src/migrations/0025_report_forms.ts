import { type Kysely, sql } from 'kysely';

// The reports a post files, line by line (issue 60, decision 0085):
// - members.unit, and a unit on attendance, entries and events: the Post or a Legion Family unit
//   (keys in the site settings); a walk-in without one is a guest.
// - dollars (given away, cost to the post, in-kind), who benefited and counts on events and entries;
//   round-trip miles at check-out, with an event's default.
// - event_documents: an event's photos or receipts with their description.
// - "VA hospital volunteering", apart from VA&R, for the CPR's VA hospital hours.
// - report_forms: each form's lines as data (an administrator edits them); report_filings: a form's
//   lines as they stood when marked as filed.
export async function up(db: Kysely<any>): Promise<void> {
  const money = (name: string) => sql.raw(`${name} integer not null default 0 check (${name} >= 0 and ${name} <= 10000000)`);
  await sql`alter table members add column unit varchar(40) not null default 'post'`.execute(db);
  await sql`alter table attendance add column unit varchar(40)`.execute(db);
  await sql`alter table attendance add column miles numeric(7, 1) not null default 0 check (miles >= 0 and miles <= 5000)`.execute(db);
  for (const table of ['events', 'service_entries']) {
    const t = sql.raw(table);
    await sql`alter table ${t} add column ${money('dollars_given')}`.execute(db);
    await sql`alter table ${t} add column ${money('dollars_cost')}`.execute(db);
    await sql`alter table ${t} add column ${money('in_kind_value')}`.execute(db);
    await sql`alter table ${t} add column beneficiary varchar(200)`.execute(db);
    await sql`alter table ${t} add column counts jsonb not null default '{}'::jsonb`.execute(db);
    await sql`alter table ${t} add column unit varchar(40)`.execute(db);
  }
  await sql`alter table events add column default_miles numeric(7, 1) check (default_miles is null or (default_miles >= 0 and default_miles <= 5000))`.execute(
    db,
  );
  await sql`
    create table event_documents (
      id serial primary key,
      event_id integer not null references events(id) on delete cascade,
      image_id integer not null references images(id) on delete cascade,
      description varchar(500) not null check (length(btrim(description)) > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index event_documents_event_idx on event_documents (event_id)`.execute(db);

  await sql`update service_categories set position = position + 1 where position >= 4`.execute(db);
  await sql`
    insert into service_categories (name, position, reportable)
    select 'VA hospital volunteering', 4, true
    where not exists (select 1 from service_categories where lower(name) = 'va hospital volunteering')`.execute(db);

  await sql`
    create table report_forms (
      key varchar(40) primary key,
      name varchar(200) not null check (length(btrim(name)) > 0),
      year_start_month integer not null check (year_start_month between 1 and 12),
      excluded_category_ids jsonb not null default '[]'::jsonb,
      cap_hours integer check (cap_hours is null or cap_hours > 0),
      lines jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table report_filings (
      id serial primary key,
      form_key varchar(40) not null references report_forms(key) on delete cascade,
      year integer not null,
      period varchar(10) not null default 'year',
      date_from date not null,
      date_to date not null,
      filed_at timestamptz not null default now(),
      filed_by integer references users(id) on delete set null,
      form_name varchar(200) not null,
      lines jsonb not null
    )`.execute(db);
  await sql`create index report_filings_form_year_idx on report_filings (form_key, year)`.execute(db);

  const { rows } = await sql<{ id: number; name: string }>`select id, name from service_categories`.execute(db);
  const id = (name: string) => rows.find((r) => r.name.toLowerCase() === name.toLowerCase())?.id;
  const ids = (...names: string[]) => names.map(id).filter((n): n is number => n !== undefined);
  const excluded = rows.filter((r) => r.name === 'Post fundraisers, canteen and meetings').map((r) => r.id);
  const post = ['post'];
  const hours = (key: string, item: string, label: string, categories: number[] | 'rest') => ({
    key,
    item,
    label,
    kind: 'hours',
    categories,
    units: post,
    membersOnly: true,
    fields: [],
    count: null,
  });
  const count = (key: string, item: string, label: string, countKey: string) => ({
    key,
    item,
    label,
    kind: 'count',
    categories: 'all',
    units: post,
    membersOnly: false,
    fields: [],
    count: countKey,
  });
  const dollars = (key: string, item: string, label: string, categories: number[] | 'all', fields: string[]) => ({
    key,
    item,
    label,
    kind: 'dollars',
    categories,
    units: post,
    membersOnly: false,
    fields,
    count: null,
  });
  // Item numbers as the issue gives them; the others are left for the post to fill in (decision 0085).
  const cpr = [
    hours('va-hospital-hours', '9', 'Hours volunteered at VA hospitals', ids('VA hospital volunteering')),
    hours('community-service-hours', '83', 'Community service hours', ids('Community service')),
    hours('children-youth-hours', '96', 'Children & Youth hours', ids('Children & youth')),
    hours('other-hours', '126', 'Any other volunteer hours', 'rest'),
    count('service-officer-cases', '', 'Cases handled by the post service officer', 'serviceOfficerCases'),
    count('funeral-honors', '', 'Wake, funeral and memorial honors provided', 'funeralHonors'),
    count('blood-pints', '', 'Pints of blood donated', 'bloodPints'),
    count('blood-donors', '', 'Blood donors', 'bloodDonors'),
    count('buddy-checks', '', 'Buddy Checks made', 'buddyChecks'),
    count('youth-sponsored', '', 'Young people sponsored (Boys State, Oratorical, scouting)', 'youthSponsored'),
    count('flags-presented', '', 'Flags presented', 'flagsPresented'),
    count('ceremonies', '', 'Patriotic ceremonies and holidays observed', 'ceremonies'),
    dollars('var-given', '', 'Veterans affairs & rehabilitation: money given', ids('Veterans affairs & rehabilitation', 'VA hospital volunteering'), [
      'dollarsGiven',
      'inKindValue',
    ]),
    dollars('var-cost', '', 'Veterans affairs & rehabilitation: cost to post', ids('Veterans affairs & rehabilitation', 'VA hospital volunteering'), [
      'dollarsCost',
    ]),
    dollars('youth-given', '', 'Children & Youth: money given', ids('Children & youth'), ['dollarsGiven', 'inKindValue']),
    dollars('youth-cost', '', 'Children & Youth: cost to post', ids('Children & youth'), ['dollarsCost']),
    dollars('americanism-given', '', 'Americanism: money given', ids('Americanism'), ['dollarsGiven', 'inKindValue']),
    dollars('americanism-cost', '', 'Americanism: cost to post', ids('Americanism'), ['dollarsCost']),
    dollars('community-given', '', 'Community service: money given', ids('Community service', 'Emergency aid', 'Blood donation', 'Funeral honors', 'Other'), [
      'dollarsGiven',
      'inKindValue',
    ]),
    dollars('community-cost', '', 'Community service: cost to post', ids('Community service', 'Emergency aid', 'Blood donation', 'Funeral honors', 'Other'), [
      'dollarsCost',
    ]),
    {
      key: 'riders-miles',
      item: '',
      label: 'Legion Riders miles',
      kind: 'miles',
      categories: 'all',
      units: ['riders'],
      membersOnly: false,
      fields: [],
      count: null,
    },
  ];
  const all = { categories: 'all', units: null, membersOnly: true, count: null };
  const vfw = [
    { key: 'hours', item: '', label: "Members' volunteer hours", kind: 'hours', fields: [], ...all },
    { key: 'miles', item: '', label: 'Round-trip miles', kind: 'miles', fields: [], ...all },
    { key: 'miles-value', item: '', label: 'Mileage value at the rate', kind: 'dollars', fields: ['milesValue'], ...all },
    { key: 'money', item: '', label: 'Money spent and donated', kind: 'dollars', fields: ['dollarsGiven', 'dollarsCost'], ...all, membersOnly: false },
    { key: 'in-kind', item: '', label: 'In-kind value of goods and use of the hall', kind: 'dollars', fields: ['inKindValue'], ...all, membersOnly: false },
    {
      key: 'total-dollars',
      item: '',
      label: 'Total dollars (money, in-kind and mileage)',
      kind: 'dollars',
      fields: ['dollarsGiven', 'dollarsCost', 'inKindValue', 'milesValue'],
      ...all,
      membersOnly: false,
    },
  ];
  await sql`
    insert into report_forms (key, name, year_start_month, excluded_category_ids, cap_hours, lines) values
      ('legion-cpr', 'American Legion Consolidated Post Report', 6, ${JSON.stringify(excluded)}::jsonb, null, ${JSON.stringify(cpr)}::jsonb),
      ('vfw', 'VFW Community Service Report', 7, ${JSON.stringify(excluded)}::jsonb, 1000, ${JSON.stringify(vfw)}::jsonb)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
