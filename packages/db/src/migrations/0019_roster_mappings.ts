import { type Kysely, sql } from 'kysely';

// The national roster import's column mappings (issue 45 #5, decision 0065): the headers an
// organisation's export uses for the membership number and the paid-through year, remembered
// so the next import of that export has them chosen; one row per pair, the latest used first.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table roster_mappings (
      id serial primary key,
      number_column varchar(200) not null check (length(btrim(number_column)) > 0),
      paid_through_column varchar(200) not null check (length(btrim(paid_through_column)) > 0),
      used_at timestamptz not null default now(),
      used_by integer references users(id) on delete set null
    )`.execute(db);
  await sql`create unique index roster_mappings_columns_uq on roster_mappings (lower(number_column), lower(paid_through_column))`.execute(db);
}
