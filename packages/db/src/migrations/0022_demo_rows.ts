import { type Kysely, sql } from 'kysely';

// The demo content's rows, recorded by the seed as it creates them (issue 57 #1, decision 0082),
// so that an administrator removes all of it in one action and nothing a person entered.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table demo_rows (
      table_name varchar(63) not null,
      row_id integer not null,
      primary key (table_name, row_id)
    )`.execute(db);
}
