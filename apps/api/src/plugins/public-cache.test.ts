import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestDb } from '@post/db/testing';
import { createTestApp, testTmpDir } from '../test-helpers.ts';
import { PUBLIC_CACHE_TTL_MS } from './public-cache.ts';
import { appRouter } from '../router.ts';

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

  it('shows a write on every other node through LISTEN/NOTIFY', async () => {
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

describe('public read cache: encodings, validators, headers', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  // The same server without the cache: what @fastify/compress alone answers.
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDb();
    // A built web app of one page, so that server-rendered pages are cached too.
    const web = testTmpDir('web-');
    writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><html><head><title>Post</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    app = await createTestApp({ WEB_DIST: web }, { publicCache: true, db });
    plain = await createTestApp({ WEB_DIST: web }, { publicCache: false, db });
    const admin = app.agent();
    await admin.loginAdmin();
    // Enough events that the list is worth compressing.
    for (let i = 0; i < 12; i++) expect((await admin.post('/api/events', event(`Supper number ${i}`))).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await plain?.close();
    await db?.close();
  });

  /** Any content write: clears the cache, so the next read is a miss. */
  async function clearCache() {
    const admin = app.agent();
    await admin.loginAdmin();
    expect((await admin.post('/api/events', event('Cache buster'))).statusCode).toBe(200);
  }
  const get = (url: string, headers: Record<string, string> = {}) => app.app.inject({ url, headers });
  // Set per connection or per answer by Node, or the mark of a hit.
  const comparable = (res: LightMyRequestResponse) => {
    const { date: _d, connection: _c, 'keep-alive': _k, 'x-cache': _x, ...rest } = res.headers;
    return rest;
  };
  const decoded = (res: LightMyRequestResponse) => {
    const enc = res.headers['content-encoding'];
    return (enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
  };

  it.each([
    ['/api/events', {}],
    ['/api/events', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['/api/events/upcoming', { 'accept-encoding': 'gzip' }],
    ['/api/news', { 'accept-encoding': 'br' }],
    ['/api/volunteers?eventId=987654', { 'accept-encoding': 'gzip, br' }],
    ['/', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }],
    ['/events', { accept: 'text/html' }],
  ] as [string, Record<string, string>][])('answers %s %j from memory with the headers and body of a fresh answer', async (url, headers) => {
    await clearCache();
    const miss = await get(url, headers);
    expect(miss.headers['x-cache']).toBeUndefined();
    const hit = await get(url, headers);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.statusCode).toBe(miss.statusCode);
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    // Helmet's headers are in both, though no hook but the cache's ran for the hit.
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-length']).toBe(String(hit.rawPayload.length));
    // The same content as without the cache, and the same encoding @fastify/compress picks.
    const reference = await plain.app.inject({ url, headers });
    expect(decoded(hit)).toBe(decoded(reference));
    expect(hit.headers['content-encoding']).toBe(reference.headers['content-encoding']);
    expect(hit.headers['content-type']).toBe(reference.headers['content-type']);
    expect(hit.headers['cache-control']).toBe(reference.headers['cache-control']);
  });

  it('keeps brotli and gzip forms that decode to the plain body, and chooses among them as @fastify/compress does', async () => {
    await clearCache();
    const identity = await get('/api/events');
    const body = identity.body;
    expect(body.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('accept-encoding');
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
      ['GZIP', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['deflate', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ];
    for (const [accept, expected] of cases) {
      for (let i = 0; i < 2; i++) {
        const res = await get('/api/events', { 'accept-encoding': accept });
        expect(res.headers['x-cache'], accept).toBe('hit');
        expect(res.headers['content-encoding'], accept).toBe(expected);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.headers.etag).toBe(identity.headers.etag);
        expect(decoded(res), accept).toBe(body);
        if (expected) expect(res.rawPayload.length).toBeLessThan(body.length / 2);
      }
      const reference = await plain.app.inject({ url: '/api/events', headers: { 'accept-encoding': accept } });
      expect(reference.headers['content-encoding'], `@fastify/compress for ${accept}`).toBe(expected);
    }
  });

  it('answers 304 to a matching If-None-Match, from memory and fresh alike', async () => {
    await clearCache();
    const first = await get('/api/events', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    for (const inm of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const res = await get('/api/events', { 'if-none-match': inm, 'accept-encoding': 'br' });
      expect(res.statusCode, inm).toBe(304);
      expect(res.headers['x-cache']).toBe('hit');
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    const other = await get('/api/events', { 'if-none-match': 'W/"nope"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(decoded(first));
    // After a write the tag changes; a client holding the new one gets 304 from a fresh answer too.
    await clearCache();
    const changed = await get('/api/events', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await clearCache();
    const again = await get('/api/events');
    await clearCache();
    const freshNotModified = await get('/api/events', { 'if-none-match': again.headers.etag as string });
    // The write above added an event, so this one is a 200 again; the same content gives 304.
    expect(freshNotModified.statusCode).toBe(200);
    const tag = freshNotModified.headers.etag as string;
    const hit304 = await get('/api/events', { 'if-none-match': tag });
    expect(hit304.statusCode).toBe(304);
    const miss304 = await get('/api/news', {});
    await clearCache();
    const missed = await get('/api/news', { 'if-none-match': miss304.headers.etag as string });
    expect(missed.headers['x-cache']).toBeUndefined();
    expect(missed.statusCode).toBe(304);
    expect(missed.rawPayload.length).toBe(0);
    expect(comparable(missed)).toEqual(comparable(await get('/api/news', { 'if-none-match': miss304.headers.etag as string })));
  });

  it('builds a missing answer once for concurrent requests of the same address', async () => {
    await clearCache();
    const results = await Promise.all(Array.from({ length: 20 }, () => get('/api/events/upcoming')));
    expect(results.filter((r) => r.headers['x-cache'] !== 'hit')).toHaveLength(1);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('forgets an answer after its lifetime', async () => {
    await get('/api/resources');
    expect((await get('/api/resources')).headers['x-cache']).toBe('hit');
    // lru-cache keeps time with performance.now().
    const now = performance.now();
    const spy = vi.spyOn(performance, 'now').mockReturnValue(now + PUBLIC_CACHE_TTL_MS + 1);
    await new Promise((r) => setTimeout(r, 5));
    try {
      expect((await get('/api/resources')).headers['x-cache']).toBeUndefined();
      expect((await get('/api/resources')).headers['x-cache']).toBe('hit');
    } finally {
      spy.mockRestore();
    }
  });

  it('answers alike whatever the Host, so a forged Host changes no link and reaches no one else (issues 17, 41)', async () => {
    await clearCache();
    const forged = await get('/', { host: 'evil.example', accept: 'text/html' });
    expect(forged.statusCode).toBe(200);
    // One entry for every Host: the answer does not depend on it.
    expect((await get('/', { host: 'localhost', accept: 'text/html' })).headers['x-cache']).toBe('hit');
    const rss = await get('/rss.xml', { host: 'evil.example>Post closed' });
    expect(rss.body).not.toContain('evil.example');
    expect(rss.body).toContain('http://localhost:3000/news');
    const sitemap = await get('/sitemap.xml', { host: 'evil.example' });
    expect(sitemap.body).not.toContain('evil.example');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/');
  });

  it('never keeps /healthz, /readyz or the signed-in areas, whatever the Accept header', async () => {
    for (const url of ['/healthz', '/readyz', '/admin', '/Admin', '//admin', '/member/portal', '/api/auth/check', '/api/member/auth/session']) {
      await get(url, { accept: 'text/html' });
      const again = await get(url, { accept: 'text/html' });
      expect(again.headers['x-cache'], url).toBeUndefined();
    }
  });

  it('serves /Admin and //admin the admin shell with noindex, like /admin', async () => {
    for (const url of ['/admin', '/Admin', '//admin', '/ADMIN/events/new', '//member']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('sends Cache-Control: no-store to signed-in callers', async () => {
    const admin = app.agent();
    const login = await admin.loginAdmin();
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/events', '/api/auth/check', '/']) {
      const res = await admin.get(url, { accept: 'text/html' });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-cache'], url).toBeUndefined();
    }
    expect((await get('/api/events')).headers['cache-control']).not.toBe('no-store');
  });
});

describe('cache declarations on the procedures', () => {
  it('has every mutation say whether it changes public content, and only queries cacheable', () => {
    const record = (appRouter as any)._def.procedures as Record<string, any>;
    const undeclared = Object.entries(record)
      .filter(([, p]) => p._def.type === 'mutation' && typeof p._def.meta?.changesContent !== 'boolean')
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
    const cacheableWrites = Object.entries(record)
      .filter(([, p]) => p._def.type !== 'query' && p._def.meta?.cache)
      .map(([name]) => name);
    expect(cacheableWrites).toEqual([]);
    // Nothing behind a sign-in is shared.
    const cacheableProtected = Object.entries(record)
      .filter(([, p]) => p._def.meta?.cache && p._def.meta?.openapi?.protect)
      .map(([name]) => name);
    expect(cacheableProtected).toEqual([]);
  });
});
