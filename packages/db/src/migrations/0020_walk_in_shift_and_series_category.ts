import { type Kysely, sql } from 'kysely';

// Service hours, what was left (issue 44, decision 0066):
// - attendance.shift_id: the shift a walk-in was added to, one of the same event (the composite key
//   checks it); a shift deleted later leaves the walk-in's record with the event's length.
// - event_series.service_category_id: the category each occurrence of a series is given.
// - service_entries.image_alt: a ledger photo's alt text, required with the photo as for every
//   other picture (the web form had no photo field; a photo given through the API before this gets
//   a plain description, so the check holds for every row).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attendance add column shift_id integer`.execute(db);
  await sql`
    alter table attendance add constraint attendance_shift_fk foreign key (shift_id, event_id)
    references volunteer_shifts (id, event_id) on delete set null (shift_id)`.execute(db);
  await sql`create index attendance_shift_idx on attendance (shift_id) where shift_id is not null`.execute(db);
  await sql`alter table service_entries add column image_alt text`.execute(db);
  await sql`update service_entries set image_alt = 'Photo documenting the service' where image_id is not null`.execute(db);
  await sql`
    alter table service_entries add constraint service_entries_image_alt
    check (image_id is null or length(btrim(coalesce(image_alt, ''))) > 0)`.execute(db);
  await sql`alter table event_series add column service_category_id integer references service_categories(id) on delete set null`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
