import { describe, expect, it } from 'vitest';
import { formMessages } from '@post/contracts/messages/forms';
import { newsMessages } from '@post/contracts/messages/news';
import { serverMessages } from '@post/contracts/messages/server';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, member: 'NEWS-1' });

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Post wins county award',
  content: 'Our post was honoured for its service to the community.',
  publishDate: '2026-05-01T12:00:00.000Z',
  publishedBy: 1,
  featured: false,
  ...overrides,
});

const snapshot = async () => JSON.stringify(await t.db.selectFrom('news').selectAll().orderBy('id').execute());

describe('news', () => {
  it('a news item dated in the future is scheduled: hidden from the public list, page, RSS and sitemap; listed for the dashboard (issue 23 #9)', async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await t.admin.post('/api/news', body({ title: 'Scheduled for next week', publishDate: future }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const visitor = t.agent();
    expect((await visitor.get('/api/news')).json().map((n: { id: number }) => n.id)).not.toContain(id);
    const one = await visitor.get(`/api/news/${id}`);
    expect(one.statusCode).toBe(404);
    expect((await t.member.get(`/api/news/${id}`)).statusCode).toBe(404);
    expect((await visitor.get('/rss.xml')).body).not.toContain('Scheduled for next week');
    expect((await visitor.get('/sitemap.xml')).body).not.toContain(`/news/${id}<`);
    expect((await t.admin.get(`/api/news/${id}`)).json()).toMatchObject({ id, title: 'Scheduled for next week', publishDate: future });
    const all = await t.admin.get('/api/admin/news');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((n: { id: number }) => n.id)).toContain(id);
    expect((await visitor.get('/api/admin/news')).statusCode).toBe(401);
  });

  it('creates through POST /api/news and POST /api/news-direct alike', async () => {
    const a = await t.admin.post('/api/news', body({ title: 'Via news', featured: true }));
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({
      id: expect.any(Number),
      title: 'Via news',
      content: body().content,
      publishDate: '2026-05-01T12:00:00.000Z',
      publishedBy: t.adminId,
      featured: true,
      imageId: null,
      imageAlt: null,
      image: null,
    });
    const b = await t.admin.post('/api/news-direct', body({ title: 'Via news-direct' }));
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ title: 'Via news-direct', featured: false, publishedBy: t.adminId });
    const rows = await t.db.selectFrom('news').select(['id', 'title']).where('id', 'in', [a.json().id, b.json().id]).execute();
    expect(rows.map((r) => r.title).sort()).toEqual(['Via news', 'Via news-direct']);
  });

  it('lists newest first and reads one; 404 for a missing one', async () => {
    await t.admin.post('/api/news', body({ title: 'Old', publishDate: '2020-01-01T00:00:00Z' }));
    await t.admin.post('/api/news', body({ title: 'New', publishDate: new Date(Date.now() - 60_000).toISOString() }));
    const res = await t.agent().get('/api/news');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; title: string; publishDate: string }[];
    const dates = list.map((n) => Date.parse(n.publishDate));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(list[0]!.title).toBe('New');
    expect(list.at(-1)!.title).toBe('Old');
    const one = await t.agent().get(`/api/news/${list[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(list[0]);
    const missing = await t.agent().get('/api/news/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: serverMessages.notFound('News item') });
  });

  it('updates and deletes; a missing id is a 404 that changes nothing', async () => {
    const id = (await t.admin.post('/api/news', body())).json().id;
    const upd = await t.admin.put(`/api/news/${id}`, body({ title: 'Edited', featured: true, publishDate: '2026-06-01' }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id, title: 'Edited', featured: true, publishDate: '2026-06-01T00:00:00.000Z' });
    expect((await t.agent().get(`/api/news/${id}`)).json().title).toBe('Edited');
    const before = await snapshot();
    expect((await t.admin.put('/api/news/987654', body())).statusCode).toBe(404);
    expect((await t.admin.delete('/api/news/987654')).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    const del = await t.admin.delete(`/api/news/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect((await t.agent().get(`/api/news/${id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/news/${id}`)).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const id = (await t.admin.post('/api/news', body())).json().id;
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, formMessages.titleRequired],
      [{ content: '  ' }, formMessages.contentRequired],
      [{ publishDate: '' }, newsMessages.publishDateRequired],
      [{ publishDate: 'yesterday-ish' }, formMessages.invalidDate],
    ];
    for (const [overrides, message] of cases) {
      for (const res of [
        await t.admin.post('/api/news', body(overrides)),
        await t.admin.post('/api/news-direct', body(overrides)),
        await t.admin.put(`/api/news/${id}`, body(overrides)),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses every write without a session and with a member session (401), changing nothing', async () => {
    const id = (await t.admin.post('/api/news', body())).json().id;
    const before = await snapshot();
    for (const agent of [t.agent(), t.member]) {
      for (const res of [
        await agent.post('/api/news', body()),
        await agent.post('/api/news-direct', body()),
        await agent.put(`/api/news/${id}`, body({ title: 'Hacked' })),
        await agent.delete(`/api/news/${id}`),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.adminRequired });
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
