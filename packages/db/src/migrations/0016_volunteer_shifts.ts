import { type Kysely, sql } from 'kysely';

// Volunteer shifts and a waitlist (issue 43, decision 0064). A shift belongs to one event and
// keeps its own count of confirmed sign-ups, kept by the same trigger as events.volunteer_count,
// so a sign-up checks a shift's capacity on the row it locks, as it does an event's. Waitlisted
// sign-ups count nowhere; a promotion is an update of status, which the trigger counts.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table volunteer_shifts (
      id serial primary key,
      event_id integer not null references events (id) on delete cascade,
      role varchar(100) not null,
      start_date timestamptz not null,
      end_date timestamptz not null,
      capacity integer not null check (capacity between 0 and 500),
      note text,
      position integer not null default 0,
      volunteer_count integer not null default 0,
      created_at timestamptz not null default now(),
      constraint volunteer_shifts_end_after_start check (end_date >= start_date),
      constraint volunteer_shifts_id_event_uq unique (id, event_id)
    )`.execute(db);
  await sql`create index volunteer_shifts_event_idx on volunteer_shifts (event_id, position)`.execute(db);
  // The pair (shift, event) refers to the shift of that same event: a sign-up cannot name another event's shift.
  await sql`alter table volunteers add column shift_id integer`.execute(db);
  await sql`
    alter table volunteers add constraint volunteers_shift_fk foreign key (shift_id, event_id)
    references volunteer_shifts (id, event_id) on delete cascade`.execute(db);
  await sql`
    alter table volunteers add column status varchar(10) not null default 'confirmed'
    check (status in ('confirmed', 'waitlisted'))`.execute(db);
  // One e-mail, one place per shift (and per event without shifts). Leading with event_id, it
  // still serves every lookup by event, as volunteers_event_email_uq did (migration 0015).
  await sql`drop index volunteers_event_email_uq`.execute(db);
  await sql`create unique index volunteers_event_shift_email_uq on volunteers (event_id, coalesce(shift_id, 0), lower(email))`.execute(db);
  await sql`create index volunteers_shift_idx on volunteers (shift_id) where shift_id is not null`.execute(db);
  // The shifts a series' occurrences copy: role, offset from the occurrence's start, length, capacity, note.
  await sql`alter table event_series add column shifts jsonb not null default '[]'::jsonb`.execute(db);

  await sql`
    create or replace function volunteers_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.status = 'confirmed' then
        update events set volunteer_count = volunteer_count - 1 where id = old.event_id;
        if old.shift_id is not null then
          update volunteer_shifts set volunteer_count = volunteer_count - 1 where id = old.shift_id;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'confirmed' then
        update events set volunteer_count = volunteer_count + 1 where id = new.event_id;
        if new.shift_id is not null then
          update volunteer_shifts set volunteer_count = volunteer_count + 1 where id = new.shift_id;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger volunteers_count_move on volunteers`.execute(db);
  await sql`
    create trigger volunteers_count_move after update of event_id, shift_id, status on volunteers
    for each row when (old.event_id is distinct from new.event_id or old.shift_id is distinct from new.shift_id or old.status is distinct from new.status)
    execute function volunteers_count()`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
