import { type Kysely, sql } from 'kysely';

// Anniversary dues (issue 61, decision 0098): members.paid_through_on, the day paid through when
// Settings says dues run twelve months from each payment. paid_through stays the year of that day,
// so the CPR counts and the roster import keep reading a year; a day whose year is not paid_through's
// is not read (a year written alone means December 31 of it).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table members add column paid_through_on date check (paid_through_on between '1900-01-01' and '2200-12-31')`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
