import { type Kysely, sql } from 'kysely';

// Each event carries its number of sign-ups, so a sign-up checks capacity on the event row it
// locks (one statement instead of a transaction that counts), and the public lists read a
// column instead of counting per event. A trigger keeps the column true whoever writes the
// volunteers table (the app, the seed, a restore, psql): the count lives in the database.
// Row-level, because the hot path is one sign-up at a time; it never touches updated_at or
// sequence, so a sign-up does not look like an edit to subscribed calendars.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column volunteer_count integer not null default 0`.execute(db);
  await sql`update events e set volunteer_count = (select count(*) from volunteers v where v.event_id = e.id)`.execute(db);
  await sql`
    create function volunteers_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update events set volunteer_count = volunteer_count - 1 where id = old.event_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update events set volunteer_count = volunteer_count + 1 where id = new.event_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger volunteers_count after insert or delete on volunteers for each row execute function volunteers_count()`.execute(db);
  await sql`
    create trigger volunteers_count_move after update of event_id on volunteers
    for each row when (old.event_id is distinct from new.event_id) execute function volunteers_count()`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
