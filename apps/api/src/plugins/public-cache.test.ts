import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { createTestApp } from '../test-helpers.ts';

const event = (title: string) => ({
  title,
  description: 'd',
  location: 'Post Home',
  startDate: new Date(Date.now() + 86400_000).toISOString(),
  endDate: new Date(Date.now() + 90000_000).toISOString(),
  type: 'regular',
});

describe('public read cache', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDb();
    // Two app nodes on one database, as behind a load balancer.
    a = await createTestApp({}, { publicCache: true, db });
    b = await createTestApp({}, { publicCache: true, db });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('answers anonymous reads from memory and never a visitor with a session', async () => {
    const first = await a.app.inject('/api/events');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await a.app.inject('/api/events');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const withCookie = await a.app.inject({ url: '/api/events', headers: { cookie: 'sid=x' } });
    expect(withCookie.headers['x-cache']).toBeUndefined();
    expect((await a.app.inject('/api/auth/check')).headers['x-cache']).toBeUndefined();
  });

  it('shows a write at once on the node that took it', async () => {
    await a.app.inject('/api/events');
    const admin = a.agent();
    await admin.loginAdmin();
    const created = await admin.post('/api/events', event('Fresh fish fry'));
    expect(created.statusCode).toBe(200);
    const after = await a.app.inject('/api/events');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().map((e: any) => e.title)).toContain('Fresh fish fry');
  });

  it.runIf(process.env.TEST_DB !== 'pglite')('shows a write on every other node through LISTEN/NOTIFY', async () => {
    if (db.engine !== 'postgres') return;
    // Let notices of the earlier tests' writes arrive first.
    await new Promise((r) => setTimeout(r, 300));
    await b.app.inject('/api/events');
    expect((await b.app.inject('/api/events')).headers['x-cache']).toBe('hit');
    const admin = a.agent();
    await admin.loginAdmin();
    expect((await admin.post('/api/events', event('Bingo on node A'))).statusCode).toBe(200);
    let seen = false;
    for (let i = 0; i < 50 && !seen; i++) {
      const res = await b.app.inject('/api/events');
      seen = res.json().some((e: any) => e.title === 'Bingo on node A');
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(true);
  });

  it('does not clear the cache for sign-ins', async () => {
    await a.app.inject('/api/news');
    expect((await a.app.inject('/api/news')).headers['x-cache']).toBe('hit');
    await a.agent().loginAdmin();
    expect((await a.app.inject('/api/news')).headers['x-cache']).toBe('hit');
  });
});
