import { type Kysely, sql } from 'kysely';

// Service hours are never lost, and long ones are confirmed (issue 56, decision 0081):
// - attendance.volunteer_id: a sign-up cancelled after its check-in keeps its attendance (set
//   null, not cascade); a trigger copies the sign-up's shift onto the record first, so its hours
//   still count that shift's length.
// - attendance.event_id: an event with attendance cannot be deleted (restrict; the API answers 409
//   before it gets here).
// - attendance.hours_confirmed_at: when an administrator confirmed hours from marks that run well
//   past the shift's or event's length (listed under the report's "Needs attention" until then).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attendance drop constraint attendance_volunteer_id_fkey`.execute(db);
  await sql`alter table attendance add constraint attendance_volunteer_id_fkey foreign key (volunteer_id) references volunteers(id) on delete set null`.execute(
    db,
  );
  await sql`
    create function attendance_keeps_shift() returns trigger language plpgsql as $$
    begin
      update attendance set shift_id = coalesce(attendance.shift_id, old.shift_id) where volunteer_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger volunteers_attendance_keeps_shift before delete on volunteers for each row execute function attendance_keeps_shift()`.execute(db);
  await sql`alter table attendance drop constraint attendance_event_id_fkey`.execute(db);
  await sql`alter table attendance add constraint attendance_event_id_fkey foreign key (event_id) references events(id) on delete restrict`.execute(db);
  await sql`alter table attendance add column hours_confirmed_at timestamptz`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
