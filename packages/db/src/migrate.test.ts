import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createTestDb } from './testing.ts';
import { migrations } from './migrations/index.ts';
import { migrateToLatest } from './migrate.ts';

let h: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => h?.close());

describe(`schema constraints`, () => {
  it('keeps at most one active commander message', async () => {
    await h.db.insertInto('commanderMessages').values({ content: 'a', active: true }).execute();
    await expect(h.db.insertInto('commanderMessages').values({ content: 'b', active: true }).execute()).rejects.toThrow();
    await h.db.insertInto('commanderMessages').values({ content: 'c', active: false }).execute();
    const n = await h.db
      .selectFrom('commanderMessages')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(2);
  });

  it('keeps at most one active community engagement', async () => {
    await h.db
      .insertInto('communityEngagements')
      .values({ title: 't', description: 'd', tags: ['x'], active: true })
      .execute();
    await expect(
      h.db
        .insertInto('communityEngagements')
        .values({ title: 't2', description: 'd', tags: ['x'], active: true })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses unknown event types and deletes volunteers with their event', async () => {
    const base = { title: 't', description: 'd', location: 'l', startDate: '2026-01-01T10:00:00Z', endDate: '2026-01-01T11:00:00Z' };
    await expect(
      h.db
        .insertInto('events')
        .values({ ...base, type: 'party' })
        .execute(),
    ).rejects.toThrow();
    const ev = await h.db.insertInto('events').values(base).returning('id').executeTakeFirstOrThrow();
    await h.db.insertInto('volunteers').values({ eventId: ev.id, name: 'Ann', email: 'a@example.org' }).execute();
    await expect(h.db.insertInto('volunteers').values({ eventId: ev.id, name: 'Ann', email: 'A@example.org' }).execute()).rejects.toThrow();
    await h.db.deleteFrom('events').where('id', '=', ev.id).execute();
    const left = await h.db.selectFrom('volunteers').selectAll().where('eventId', '=', ev.id).execute();
    expect(left).toHaveLength(0);
  });

  it('refuses an end before the start', async () => {
    await expect(
      h.db
        .insertInto('events')
        .values({ title: 't', description: 'd', location: 'l', startDate: '2026-01-02T10:00:00Z', endDate: '2026-01-01T11:00:00Z' })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps member numbers and e-mails unique and enumerations checked', async () => {
    const m = { membershipNumber: 'A1', firstName: 'A', lastName: 'B', email: 'm@example.org' };
    await h.db.insertInto('members').values(m).execute();
    await expect(
      h.db
        .insertInto('members')
        .values({ ...m, email: 'other@example.org' })
        .execute(),
    ).rejects.toThrow();
    // The same number in other letters is the same number (migration 0003).
    await expect(
      h.db
        .insertInto('members')
        .values({ ...m, membershipNumber: 'a1', email: 'other@example.org' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('members')
        .values({ ...m, membershipNumber: 'A2', email: 'M@EXAMPLE.org' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('members')
        .values({ ...m, membershipNumber: 'A3', email: 'x@example.org', postRole: 'King' })
        .execute(),
    ).rejects.toThrow();
  });

  it('round-trips text arrays and jsonb', async () => {
    const row = await h.db
      .insertInto('communityEngagements')
      .values({ title: 't', description: 'd', tags: ['a, b', 'c'], active: false })
      .returning('tags')
      .executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['a, b', 'c']);
    await h.db
      .insertInto('siteSettings')
      .values({ id: 1, data: JSON.stringify({ postName: 'X' }) })
      .execute();
    const s = await h.db.selectFrom('siteSettings').select('data').executeTakeFirstOrThrow();
    expect(s.data).toEqual({ postName: 'X' });
  });
});

describe(`events.volunteer_count`, () => {
  const base = { description: 'd', location: 'l', startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T11:00:00Z' };
  /** Every event's stored count beside count(*) of its volunteers. */
  async function countsOf(db: typeof h.db, ids: number[]) {
    return db
      .selectFrom('events as e')
      .select(['e.id', 'e.volunteerCount', sql<number>`(select count(*)::int from volunteers v where v.event_id = e.id)`.as('actual')])
      .where('e.id', 'in', ids)
      .orderBy('e.id')
      .execute();
  }

  it('follows inserts, refused inserts, deletes and moves, and leaves updated_at and sequence alone', async () => {
    const [a, b] = await h.db
      .insertInto('events')
      .values([
        { ...base, title: 'a' },
        { ...base, title: 'b' },
      ])
      .returning(['id', 'updatedAt', 'sequence'])
      .execute();
    const ids = [a!.id, b!.id];
    const expectCounts = async (ca: number, cb: number) => {
      const rows = await countsOf(h.db, ids);
      expect(rows.map((r) => [r.volunteerCount, r.actual])).toEqual([
        [ca, ca],
        [cb, cb],
      ]);
    };
    await h.db.insertInto('volunteers').values({ eventId: a!.id, name: 'One', email: 'one@example.org' }).execute();
    // Several rows in one statement, for both events.
    await h.db
      .insertInto('volunteers')
      .values([
        { eventId: a!.id, name: 'Two', email: 'two@example.org' },
        { eventId: a!.id, name: 'Three', email: 'three@example.org' },
        { eventId: b!.id, name: 'Four', email: 'four@example.org' },
      ])
      .execute();
    await expectCounts(3, 1);
    // A refused insert (duplicate e-mail) counts nothing.
    await expect(h.db.insertInto('volunteers').values({ eventId: a!.id, name: 'Dup', email: 'ONE@example.org' }).execute()).rejects.toThrow();
    await expectCounts(3, 1);
    await h.db.updateTable('volunteers').set({ eventId: b!.id }).where('email', '=', 'two@example.org').execute();
    await h.db.updateTable('volunteers').set({ name: 'Renamed' }).where('email', '=', 'three@example.org').execute();
    await expectCounts(2, 2);
    await h.db.deleteFrom('volunteers').where('email', 'in', ['one@example.org', 'four@example.org']).execute();
    await expectCounts(1, 1);
    // A rolled-back sign-up leaves no trace in the count.
    await expect(
      h.db.transaction().execute(async (trx) => {
        await trx.insertInto('volunteers').values({ eventId: a!.id, name: 'Gone', email: 'gone@example.org' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectCounts(1, 1);
    const after = await h.db.selectFrom('events').select(['id', 'updatedAt', 'sequence']).where('id', 'in', ids).orderBy('id').execute();
    expect(after).toEqual([
      { id: a!.id, updatedAt: a!.updatedAt, sequence: a!.sequence },
      { id: b!.id, updatedAt: b!.updatedAt, sequence: b!.sequence },
    ]);
    // Deleting an event deletes its volunteers through the cascade, which the trigger survives.
    await h.db.deleteFrom('events').where('id', '=', a!.id).execute();
    expect(await countsOf(h.db, ids)).toEqual([{ id: b!.id, volunteerCount: 1, actual: 1 }]);
  });

  it('may exceed the positions when an administrator lowers them', async () => {
    const ev = await h.db
      .insertInto('events')
      .values({ ...base, title: 'c', volunteerPositions: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('volunteers')
      .values([
        { eventId: ev.id, name: 'A', email: 'a@example.org' },
        { eventId: ev.id, name: 'B', email: 'b@example.org' },
      ])
      .execute();
    await h.db.updateTable('events').set({ volunteerPositions: 1 }).where('id', '=', ev.id).execute();
    expect(await countsOf(h.db, [ev.id])).toEqual([{ id: ev.id, volunteerCount: 2, actual: 2 }]);
  });

  it('is filled in from the existing sign-ups when the migration runs', async () => {
    const old = await createTestDb({ migrate: false });
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } });
      const first = await migrator.migrateTo('0001_initial');
      expect(first.error).toBeUndefined();
      const [x, y] = await old.db
        .insertInto('events')
        .values([
          { ...base, title: 'x' },
          { ...base, title: 'y' },
        ])
        .returning('id')
        .execute();
      await old.db
        .insertInto('volunteers')
        .values([
          { eventId: x!.id, name: 'A', email: 'a@example.org' },
          { eventId: x!.id, name: 'B', email: 'b@example.org' },
        ])
        .execute();
      expect(await migrateToLatest(old.db)).toContain('0002_volunteer_count');
      expect(await countsOf(old.db, [x!.id, y!.id])).toEqual([
        { id: x!.id, volunteerCount: 2, actual: 2 },
        { id: y!.id, volunteerCount: 0, actual: 0 },
      ]);
    } finally {
      await old.close();
    }
  });
});

describe(`membership numbers ignore letter case`, () => {
  it('refuses to migrate a database holding numbers that differ only in case, naming them; migrates once they are fixed', async () => {
    const old = await createTestDb({ migrate: false });
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0002_volunteer_count')).error).toBeUndefined();
      const member = { firstName: 'A', lastName: 'B' };
      await old.db
        .insertInto('members')
        .values([
          { ...member, membershipNumber: 'M-7', email: 'one@example.org' },
          { ...member, membershipNumber: 'm-7', email: 'two@example.org' },
          { ...member, membershipNumber: 'M-8', email: 'three@example.org' },
        ])
        .execute();
      await expect(migrateToLatest(old.db)).rejects.toThrow(
        'Membership numbers must differ in more than letter case. Change all but one of each group, then start again: M-7 / m-7',
      );
      // Nothing of the refused migration stayed: the case-sensitive key still stands.
      await expect(
        old.db
          .insertInto('members')
          .values({ ...member, membershipNumber: 'M-8', email: 'four@example.org' })
          .execute(),
      ).rejects.toThrow();
      await old.db.updateTable('members').set({ membershipNumber: 'M-7B' }).where('membershipNumber', '=', 'm-7').execute();
      expect(await migrateToLatest(old.db)).toContain('0003_membership_number_ci');
      await expect(
        old.db
          .insertInto('members')
          .values({ ...member, membershipNumber: 'm-8', email: 'five@example.org' })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await old.close();
    }
  });
});

describe(`staff roles`, () => {
  it("turns the single 'admin' role into 'administrator' and accepts only administrator and editor after 0008", async () => {
    const old = await createTestDb({ migrate: false });
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0007_images')).error).toBeUndefined();
      await sql`insert into users (username, password, role) values ('adjutant', 'x', 'admin')`.execute(old.db);
      expect(await migrateToLatest(old.db)).toContain('0008_officers');
      const row = await old.db.selectFrom('users').select(['role', 'disabled', 'mustChangePassword', 'totpEnabled']).executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'administrator', disabled: false, mustChangePassword: false, totpEnabled: false });
      await expect(sql`insert into users (username, password, role) values ('old', 'x', 'admin')`.execute(old.db)).rejects.toThrow();
      await sql`insert into users (username, password, role) values ('pr', 'x', 'editor')`.execute(old.db);
      const fresh = await old.db.insertInto('users').values({ username: 'new', password: 'x' }).returning('role').executeTakeFirstOrThrow();
      expect(fresh.role).toBe('administrator');
    } finally {
      await old.close();
    }
  });
});

describe(`volunteers' indexes`, () => {
  it("finds an event's sign-ups through the unique (event, shift, e-mail) index, the one index led by event_id (0015, 0016)", async () => {
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'volunteers' order by indexname`.execute(h.db);
    expect(indexes.rows.filter((r) => /\(event_id\b/.test(r.indexdef)).map((r) => r.indexname)).toEqual(['volunteers_event_shift_email_uq']);
    const plan = await h.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from volunteers where event_id = 1`.execute(trx);
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/volunteers_event_shift_email_uq/);
  });
});

describe('landed migrations', () => {
  // Migrations are never edited once landed: a database migrated by the old text would
  // differ from one migrated by the new. Add each migration here once it has shipped.
  const LANDED: Record<string, string> = {
    '0001_initial': '7d052c2f467ddceb893b4985125fb65f24498d46e583ec8fe6002465302e53d3',
    '0002_volunteer_count': 'ffac5981e9543dad6169a954c324c76bf1a010b8ace3a870728a7ed28b9a39d3',
  };
  it.each(Object.entries(LANDED))('%s is unchanged', (name, sha256) => {
    expect(name in migrations).toBe(true);
    const text = readFileSync(new URL(`./migrations/${name}.ts`, import.meta.url), 'utf8');
    expect(createHash('sha256').update(text).digest('hex')).toBe(sha256);
  });
});
