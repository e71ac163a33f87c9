import { sql } from 'kysely';
import type { DB } from '../client.ts';
import type { Database } from '../database.ts';

// The demo content is recorded row by row as the seed creates it (decision 0082): rows above each
// table's highest id before the seed are the demo's, so removing the demo never touches a row a
// person entered, and a site that never loaded it has nothing to remove.

/** Tables the demo seed writes to, in the order their rows can be deleted (children first). */
export const DEMO_TABLES = [
  'attendance',
  'serviceEntries',
  'volunteers',
  'volunteerShifts',
  'memberPayments',
  'events',
  'eventSeries',
  'news',
  'resources',
  'commanderMessages',
  'communityEngagements',
  'memberCommunications',
  'memberResources',
  'members',
  'images',
] as const satisfies readonly (keyof Database)[];

export type DemoTable = (typeof DEMO_TABLES)[number];

const snake = (table: string) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each demo table's highest id now: the mark the seed's rows are counted from. */
export async function demoHighWater(db: DB): Promise<Record<DemoTable, number>> {
  const marks = {} as Record<DemoTable, number>;
  for (const table of DEMO_TABLES) {
    const { rows } = await sql<{ max: number | null }>`select max(id)::int as max from ${sql.table(snake(table))}`.execute(db);
    marks[table] = rows[0]?.max ?? 0;
  }
  return marks;
}

/** Records every row created since `since` (demoHighWater before the seed) as demo content. */
export async function markDemoRows(db: DB, since: Record<DemoTable, number>): Promise<void> {
  for (const table of DEMO_TABLES) {
    await sql`insert into demo_rows (table_name, row_id)
      select ${table}, id from ${sql.table(snake(table))} where id > ${since[table]}
      on conflict do nothing`.execute(db);
  }
}

/** Records given rows of one table as demo content (the demo photos, made after the seed). */
export async function markDemo(db: DB, table: DemoTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('demoRows')
    .values(ids.map((rowId) => ({ tableName: table, rowId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** How many demo rows of each table are still there (tables with none left out). */
export async function demoContentCounts(db: DB): Promise<Partial<Record<DemoTable, number>>> {
  const counts: Partial<Record<DemoTable, number>> = {};
  for (const table of DEMO_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from demo_rows d
      where d.table_name = ${table} and exists (select 1 from ${sql.table(snake(table))} t where t.id = d.row_id)`.execute(db);
    const n = rows[0]?.n ?? 0;
    if (n > 0) counts[table] = n;
  }
  return counts;
}

/**
 * Deletes every demo row still there, children first, and forgets the marks; run it inside the
 * caller's transaction. Rows that hang on a demo row (a sign-up for a demo event) go with it
 * through their foreign keys. Returns how many rows of each table were deleted.
 */
export async function removeDemoContent(trx: DB): Promise<Partial<Record<DemoTable, number>>> {
  const removed: Partial<Record<DemoTable, number>> = {};
  for (const table of DEMO_TABLES) {
    const result = await sql`delete from ${sql.table(snake(table))}
      where id in (select row_id from demo_rows where table_name = ${table})`.execute(trx);
    const n = Number(result.numAffectedRows ?? 0);
    if (n > 0) removed[table] = n;
  }
  await trx.deleteFrom('demoRows').execute();
  return removed;
}
