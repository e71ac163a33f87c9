import { type Kysely, sql } from 'kysely';

// Issue 20, second part (decision 0041):
// - A series keeps its picture, so the occurrences the periodic job adds later carry it too.
// (The dashboard's paged event list orders by start_date, which events_start_idx of 0001
// already serves; the bench in bench/admin-events.ts measures it with 2,000 events.)
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table event_series add column image_id integer references images(id) on delete set null`.execute(db);
  await sql`alter table event_series add column image_alt text`.execute(db);
  await sql`alter table event_series add constraint event_series_image_alt check (image_id is null or length(btrim(coalesce(image_alt, ''))) > 0)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
