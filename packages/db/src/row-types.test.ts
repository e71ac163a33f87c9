import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from './testing.ts';
import { declaredTables, rowTypeDrift, type DatabaseColumn, type DeclaredColumn } from './row-types.ts';

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

let h: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => h?.close());

async function migratedSchema(): Promise<Record<string, Record<string, DatabaseColumn>>> {
  const { rows } = await sql<{ table: string; column: string; udt: string; nullable: string; hasDefault: boolean }>`
    select c.table_name as table, c.column_name as column, c.udt_name as udt, c.is_nullable as nullable,
      (c.column_default is not null or c.is_identity = 'YES' or c.is_generated <> 'NEVER') as has_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(h.db);
  const out: Record<string, Record<string, DatabaseColumn>> = {};
  for (const r of rows) {
    if (MIGRATION_TABLES.includes(r.table)) continue;
    (out[camel(r.table)] ??= {})[camel(r.column)] = { udt: r.udt, nullable: r.nullable === 'YES', defaulted: r.hasDefault };
  }
  return out;
}

// The row types are written by hand; this test is what keeps them true to the migrations (decision 0067).
describe('database.ts against the migrated schema', () => {
  it('has an interface for every table, a property of the right type and nullability for every column, and nothing extra', async () => {
    const problems = rowTypeDrift(declaredTables(), await migratedSchema());
    expect(problems, `database.ts has drifted from the migrations:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('rowTypeDrift names each kind of drift', () => {
  const col = (over: Partial<DeclaredColumn> = {}): DeclaredColumn => ({ select: 'string', kinds: ['string'], nullable: false, insert: 'required', ...over });
  const db = (over: Partial<DatabaseColumn> = {}): DatabaseColumn => ({ udt: 'text', nullable: false, defaulted: false, ...over });

  it('finds nothing when they agree', () => {
    expect(
      rowTypeDrift(
        { notes: { id: col({ kinds: ['number'], insert: 'optional' }), body: col() } },
        { notes: { id: db({ udt: 'int4', defaulted: true }), body: db() } },
      ),
    ).toEqual([]);
  });

  it('names a missing table, a missing column and an extra one', () => {
    const problems = rowTypeDrift({ notes: { body: col(), gone: col() } }, { notes: { body: db(), title: db() }, photoAlbums: { id: db({ udt: 'int4' }) } });
    expect(problems).toEqual([
      "notes.title (packages/db/src/database.ts): column missing from the table's interface; add `title` (text)",
      'notes.gone (packages/db/src/database.ts): no such column in the migrated schema; remove it or add a migration',
      'table photoAlbums: no entry in `Database` (packages/db/src/database.ts); add `photoAlbums: …Table` with an interface for its columns',
    ]);
  });

  it('names a wrong type, a wrong nullability and an insert that may leave out a required column', () => {
    const problems = rowTypeDrift(
      { notes: { id: col(), body: col({ nullable: true, select: 'string | null' }), title: col({ insert: 'optional' }) } },
      { notes: { id: db({ udt: 'int8' }), body: db(), title: db() } },
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^notes\.id .*declared `string` but int8 reads back as number/);
    expect(problems[1]).toMatch(/^notes\.body .*not null but the select type `string \| null` includes null/);
    expect(problems[2]).toMatch(/^notes\.title .*an insert must give it/);
  });
});
