import { type Kysely, sql } from 'kysely';

// Funeral honors details (issue 62, decision 0088):
// - events.type gains 'honors'; events.listed: whether the public calendar shows the event at all
//   (an honors detail is unlisted unless the administrator lists it).
// - members.honor_guard_roles: the honor-guard roles a member is qualified for (keys from Settings).
// - volunteer_shifts.honor_role: the role a detail's shift is for; only members qualified for it take it.
// - honors_requests: a family's or funeral home's request, its state, its event and what "done" recorded.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events drop constraint if exists events_type_check`.execute(db);
  await sql`alter table events add constraint events_type_check check (type in ('regular', 'special', 'community', 'fundraiser', 'honors'))`.execute(db);
  await sql`alter table events add column listed boolean not null default true`.execute(db);
  await sql`alter table members add column honor_guard_roles text[] not null default '{}'`.execute(db);
  await sql`alter table volunteer_shifts add column honor_role varchar(30)`.execute(db);
  await sql`
    create table honors_requests (
      id serial primary key,
      state varchar(10) not null default 'new' check (state in ('new', 'accepted', 'declined', 'done')),
      deceased_name varchar(200) not null,
      branch varchar(20) not null,
      service_at timestamptz not null,
      location varchar(300) not null,
      requester_name varchar(200) not null,
      requester_phone varchar(30) not null,
      requester_email varchar(255),
      notes text,
      event_id integer references events(id) on delete set null,
      provided boolean,
      dollars_cost numeric(10, 2) check (dollars_cost is null or dollars_cost >= 0),
      done_at timestamptz,
      recorded_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index honors_requests_open_idx on honors_requests (created_at) where state = 'new'`.execute(db);
  await sql`create index honors_requests_done_idx on honors_requests (done_at) where state = 'done'`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
