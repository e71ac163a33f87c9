import { describe, expect, it } from 'vitest';
import { communityMessages } from '@post/contracts/messages/community';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, member: 'CE-1' });

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Toys for Tots',
  description: 'We collected 400 toys for local children.',
  date: '2026-12-01T15:00:00.000Z',
  imageUrl: 'https://example.org/toys.jpg',
  tags: ['youth', ' holiday ', ''],
  active: true,
  ...overrides,
});

const snapshot = async () => JSON.stringify(await t.db.selectFrom('communityEngagements').selectAll().orderBy('id').execute());
const activeIds = async () => (await t.db.selectFrom('communityEngagements').select('id').where('active', '=', true).execute()).map((r) => r.id);

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/community-engagements', body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; active: boolean; [k: string]: unknown };
}

describe('community engagements', () => {
  it('GET /api/community-engagements/active is a 404 while none is active', async () => {
    const res = await t.agent().get('/api/community-engagements/active');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.notFound('Community engagement') });
  });

  it('creates with trimmed tags and gives the active one', async () => {
    const e = await create();
    expect(e).toEqual({
      id: expect.any(Number),
      title: 'Toys for Tots',
      description: 'We collected 400 toys for local children.',
      date: '2026-12-01T15:00:00.000Z',
      imageUrl: 'https://example.org/toys.jpg',
      tags: ['youth', 'holiday'],
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      imageId: null,
      imageAlt: null,
      image: null,
    });
    expect((await t.agent().get('/api/community-engagements/active')).json()).toEqual(e);
    expect((await t.agent().get(`/api/community-engagements/${e.id}`)).json()).toEqual(e);
    // Without a date it is dated now; a blank image is none.
    const undated = await create({ date: undefined, imageUrl: '', active: false });
    expect(Math.abs(Date.parse(undated.date as string) - Date.now())).toBeLessThan(60_000);
    expect(undated.imageUrl).toBeNull();
  });

  it('lists the active one first, then newest first', async () => {
    await create({ title: 'Old', date: '2020-01-01T00:00:00Z', active: false });
    await create({ title: 'Future', date: '2035-01-01T00:00:00Z', active: false });
    const active = await create({ title: 'Active one', date: '2021-06-01T00:00:00Z' });
    const list = (await t.agent().get('/api/community-engagements')).json() as { id: number; title: string; date: string; active: boolean }[];
    expect(list[0]!.id).toBe(active.id);
    const rest = list.slice(1).map((e) => Date.parse(e.date));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(list.slice(1).every((e) => !e.active)).toBe(true);
    expect(list[1]!.title).toBe('Future');
  });

  it('saving one as active deactivates the others; saving one inactive leaves the active one', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    expect(await activeIds()).toEqual([b.id]);
    await create({ title: 'C', active: false });
    expect(await activeIds()).toEqual([b.id]);
    const res = await t.admin.put(`/api/community-engagements/${a.id}`, body({ title: 'A edited', tags: ['veterans'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, title: 'A edited', tags: ['veterans'], active: true });
    expect(await activeIds()).toEqual([a.id]);
    const off = await t.admin.put(`/api/community-engagements/${a.id}`, body({ active: false }));
    expect(off.json().active).toBe(false);
    expect(await activeIds()).toEqual([]);
    expect((await t.agent().get('/api/community-engagements/active')).statusCode).toBe(404);
  });

  it('activation leaves exactly one active, also when two activations race', async () => {
    const ids = [(await create({ active: false })).id, (await create({ active: false })).id, (await create()).id];
    const res = await t.admin.patch(`/api/community-engagements/${ids[0]}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[0], active: true });
    expect(await activeIds()).toEqual([ids[0]]);
    for (let round = 0; round < 5; round++) {
      const [r1, r2] = await Promise.all([
        t.admin.patch(`/api/community-engagements/${ids[1]}/activate`),
        t.admin.patch(`/api/community-engagements/${ids[2]}/activate`),
      ]);
      expect([r1!.statusCode, r2!.statusCode]).toEqual([200, 200]);
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect([ids[1], ids[2]]).toContain(active[0]);
      const saves = await Promise.all([t.admin.post('/api/community-engagements', body()), t.admin.post('/api/community-engagements', body())]);
      expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
      expect(await activeIds()).toHaveLength(1);
    }
  });

  it('a missing id is a 404 that changes nothing (read, update, delete, activate)', async () => {
    await create({ title: 'Keep me active' });
    const before = await snapshot();
    expect((await t.agent().get('/api/community-engagements/987654')).statusCode).toBe(404);
    for (const res of [
      await t.admin.put('/api/community-engagements/987654', body()),
      await t.admin.delete('/api/community-engagements/987654'),
      await t.admin.patch('/api/community-engagements/987654/activate'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: serverMessages.notFound('Community engagement') });
    }
    expect(await snapshot()).toBe(before);
  });

  it('deletes a highlight; deleting it again is a 404', async () => {
    const e = await create({ active: false });
    expect((await t.admin.delete(`/api/community-engagements/${e.id}`)).json()).toEqual({ ok: true });
    expect((await t.agent().get(`/api/community-engagements/${e.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/community-engagements/${e.id}`)).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const e = await create({ active: false });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, formMessages.titleRequired],
      [{ description: ' ' }, formMessages.descriptionRequired],
      [{ tags: [] }, communityMessages.tagsRequired],
      [{ tags: [' ', ''] }, communityMessages.tagsRequired],
      [{ imageUrl: 'javascript:alert(1)' }, formMessages.urlInvalid],
      [{ date: 'someday' }, formMessages.invalidDate],
    ];
    for (const [overrides, message] of cases) {
      for (const res of [
        await t.admin.post('/api/community-engagements', body(overrides)),
        await t.admin.put(`/api/community-engagements/${e.id}`, body(overrides)),
      ]) {
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses every write without a session and with a member session (401), changing nothing', async () => {
    const e = await create({ active: false });
    const before = await snapshot();
    for (const agent of [t.agent(), t.member]) {
      for (const res of [
        await agent.post('/api/community-engagements', body()),
        await agent.put(`/api/community-engagements/${e.id}`, body({ title: 'Hacked' })),
        await agent.delete(`/api/community-engagements/${e.id}`),
        await agent.patch(`/api/community-engagements/${e.id}/activate`),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.adminRequired });
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
