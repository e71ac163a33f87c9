import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from './testing.ts';

let h: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => h?.close());

describe(`schema constraints (${process.env.TEST_DB ?? 'default'})`, () => {
  it('keeps at most one active commander message', async () => {
    await h.db.insertInto('commanderMessages').values({ content: 'a', active: true }).execute();
    await expect(h.db.insertInto('commanderMessages').values({ content: 'b', active: true }).execute()).rejects.toThrow();
    await h.db.insertInto('commanderMessages').values({ content: 'c', active: false }).execute();
    const n = await h.db.selectFrom('commanderMessages').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(n.n).toBe(2);
  });

  it('keeps at most one active community engagement', async () => {
    await h.db.insertInto('communityEngagements').values({ title: 't', description: 'd', tags: ['x'], active: true }).execute();
    await expect(
      h.db.insertInto('communityEngagements').values({ title: 't2', description: 'd', tags: ['x'], active: true }).execute(),
    ).rejects.toThrow();
  });

  it('refuses unknown event types and deletes volunteers with their event', async () => {
    const base = { title: 't', description: 'd', location: 'l', startDate: '2026-01-01T10:00:00Z', endDate: '2026-01-01T11:00:00Z' };
    await expect(h.db.insertInto('events').values({ ...base, type: 'party' }).execute()).rejects.toThrow();
    const ev = await h.db.insertInto('events').values(base).returning('id').executeTakeFirstOrThrow();
    await h.db.insertInto('volunteers').values({ eventId: ev.id, name: 'Ann', email: 'a@example.org' }).execute();
    await expect(
      h.db.insertInto('volunteers').values({ eventId: ev.id, name: 'Ann', email: 'A@example.org' }).execute(),
    ).rejects.toThrow();
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
    await expect(h.db.insertInto('members').values({ ...m, email: 'other@example.org' }).execute()).rejects.toThrow();
    await expect(h.db.insertInto('members').values({ ...m, membershipNumber: 'A2', email: 'M@EXAMPLE.org' }).execute()).rejects.toThrow();
    await expect(
      h.db.insertInto('members').values({ ...m, membershipNumber: 'A3', email: 'x@example.org', postRole: 'King' }).execute(),
    ).rejects.toThrow();
  });

  it('round-trips text arrays and jsonb', async () => {
    const row = await h.db
      .insertInto('communityEngagements')
      .values({ title: 't', description: 'd', tags: ['a, b', 'c'], active: false })
      .returning('tags')
      .executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['a, b', 'c']);
    await h.db.insertInto('siteSettings').values({ id: 1, data: JSON.stringify({ postName: 'X' }) }).execute();
    const s = await h.db.selectFrom('siteSettings').select('data').executeTakeFirstOrThrow();
    expect(s.data).toEqual({ postName: 'X' });
  });
});
