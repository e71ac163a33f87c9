import { type Kysely, sql } from 'kysely';

// Recurring events (issue 20, decision 0020). A series holds the RFC 5545 rule and what to do
// on a US holiday; each occurrence is an ordinary events row pointing at it, so pages, popups,
// volunteer positions, sign-ups and the feed work on occurrences unchanged.
// - dtstart is the wall-clock start in the series' time zone ('YYYY-MM-DDTHH:MM'), so the rule
//   is evaluated in local time and 19:00 stays 19:00 across daylight-saving changes.
// - materialised_until: occurrences whose rule instant is before it exist already (or were
//   deleted on purpose); the periodic job only ever adds instants at or after it.
// - ends_before cuts a series at a split ("this and following"), without rewriting its rule.
// - events.original_start is the rule's instant of an occurrence (before any holiday move or
//   edit); unique per series, so inserts from several nodes at once cannot duplicate.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_series')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('rule', 'varchar(1000)', (c) => c.notNull())
    .addColumn('on_holiday', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('keep')
        .check(sql`on_holiday in ('keep', 'skip', 'next-day')`),
    )
    .addColumn('dtstart', 'varchar(16)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes >= 0`))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('volunteer_positions', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('materialised_until', 'timestamptz')
    .addColumn('ends_before', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table events add column series_id integer references event_series(id) on delete set null`.execute(db);
  await sql`alter table events add column original_start timestamptz`.execute(db);
  await sql`create unique index events_series_original_uq on events (series_id, original_start)`.execute(db);
  // The dashboard searches titles and locations; lower() matches its ILIKE-free lookups cheaply enough
  // at a post's scale (thousands of rows), so no trigram index is needed.
  await sql`create index events_series_start_idx on events (series_id, start_date) where series_id is not null`.execute(db);
  await sql`create index volunteers_event_idx on volunteers (event_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
