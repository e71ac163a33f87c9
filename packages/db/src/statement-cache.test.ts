import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, STATEMENT_CACHE } from './client.ts';
import { createTestDb } from './testing.ts';

// The statement cache of PostgreSQL connections (client.ts).
const h = await createTestDb({ migrate: false });
afterAll(() => h.close());

describe('statement cache', async () => {
  // One connection, so every statement below runs in the session whose prepared statements are read.
  const one = await createDb({ databaseUrl: h.url, poolSize: 1 });
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
    // A script of several runs by the simple protocol.
    await sql`create table cache_probe (id int primary key, a text); insert into cache_probe values (1, 'x')`.execute(one.db);
    expect((await prepared()).some((s) => s.includes('cache_probe'))).toBe(false);
  });

  it('keeps a transaction whole: its prepared statements are rolled back with it, and an error leaves the session usable', async () => {
    await sql`create table cache_tx (id int primary key)`.execute(one.db);
    const put = (db: typeof one.db, id: number) => sql`insert into cache_tx values (${id})`.execute(db);
    await put(one.db, 1);
    await expect(
      one.db.transaction().execute(async (trx) => {
        await put(trx, 2);
        await put(trx, 3);
        await put(trx, 1); // duplicate key: the transaction fails
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await one.db.transaction().execute(async (trx) => {
      await put(trx, 4);
    });
    // A bad value fails its call only.
    await expect(sql`select ${'not a number'}::int as v`.execute(one.db)).rejects.toMatchObject({ code: '22P02' });
    await expect(sql`select ${'x'} as v from no_such_table`.execute(one.db)).rejects.toMatchObject({ code: '42P01' });
    const ids = await sql<{ id: number }>`select id from cache_tx where id > ${0} order by id`.execute(one.db);
    expect(ids.rows.map((r) => r.id)).toEqual([1, 4]);
    expect((await prepared()).filter((s) => s === 'insert into cache_tx values ($1)')).toHaveLength(1);
  });

  it('passes values of every type the app uses and reads them back the same', async () => {
    const at = new Date('2026-11-25T12:34:56.789Z');
    const r = await sql<Record<string, unknown>>`
      select ${1}::int as i, ${'café'}::text as t, ${true}::bool as b, ${at}::timestamptz as ts,
        ${JSON.stringify({ a: [1, 'x'] })}::jsonb as j, ${null}::text as n, ${[1, 2]}::int[] as arr`.execute(one.db);
    expect(r.rows).toEqual([{ i: 1, t: 'café', b: true, ts: at, j: { a: [1, 'x'] }, n: null, arr: [1, 2] }]);
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
    // The tests above took a few names; the rest of the hundred went to the first of these, and
    // the last twenty or more ran unnamed.
    const named = (await prepared()).filter((s) => /^select \$1::int \+ \d+ as v$/.test(s)).length;
    expect(named).toBeLessThan(STATEMENT_CACHE);
    expect(named).toBeGreaterThan(STATEMENT_CACHE - 10);
  });
});
