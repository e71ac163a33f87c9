import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, STATEMENT_CACHE } from './client.ts';
import { createTestDb } from './testing.ts';

// The statement cache of PostgreSQL connections (client.ts). PGlite has none: it runs in this
// process and its queries take another path.
const h = await createTestDb({ migrate: false });
afterAll(() => h.close());

describe.runIf(h.engine === 'postgres')('statement cache (postgres)', async () => {
  // One connection, so every statement below runs in the session whose prepared statements are read.
  const one = await createDb({ databaseUrl: h.url!, poolSize: 1 });
  afterAll(() => one.close());
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(one.db)).rows.map((r) => r.statement);

  it('prepares a statement with parameters once and runs it from then on', async () => {
    const twice = (n: number) => sql<{ v: number }>`select ${n}::int * 2 as v`.execute(one.db);
    expect((await twice(2)).rows).toEqual([{ v: 4 }]);
    expect((await twice(5)).rows).toEqual([{ v: 10 }]);
    expect((await prepared()).filter((s) => s === 'select $1::int * 2 as v')).toHaveLength(1);
  });

  it('runs statements without parameters as before, scripts of several included', async () => {
    await sql`create table cache_probe (id int primary key, a text); insert into cache_probe values (1, 'x')`.execute(one.db);
    expect((await prepared()).some((s) => s.includes('cache_probe'))).toBe(false);
  });

  it('after another connection changes the table, fails one call and prepares the statement afresh', async () => {
    const row = (id: number) => sql<Record<string, unknown>>`select * from cache_probe where id = ${id}`.execute(one.db);
    expect((await row(1)).rows).toEqual([{ id: 1, a: 'x' }]);
    await sql`alter table cache_probe add column b int`.execute(h.db);
    await expect(row(1)).rejects.toMatchObject({ code: '0A000' });
    expect((await row(1)).rows).toEqual([{ id: 1, a: 'x', b: null }]);
  });

  it(`names at most ${STATEMENT_CACHE} statements per connection and runs the rest unnamed`, async () => {
    for (let i = 0; i < STATEMENT_CACHE + 20; i++) {
      const r = await sql<{ v: number }>`select ${i}::int + ${sql.lit(i)} as v`.execute(one.db);
      expect(r.rows[0]!.v).toBe(2 * i);
    }
    // Two names were taken above: the doubling statement, and the probe's (prepared again).
    expect((await prepared()).filter((s) => /^select \$1::int \+ \d+ as v$/.test(s))).toHaveLength(STATEMENT_CACHE - 2);
  });
});
