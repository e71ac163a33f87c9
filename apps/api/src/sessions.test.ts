import { describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { sql } from 'kysely';
import type { Session } from 'fastify';
import { HASH_LANES, HASH_QUEUE_MAX, hashPassword, hashQueue } from '@post/db';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { loadEnv } from './env.ts';
import { ACCOUNT_ATTEMPTS, KNOWN_BROWSER_ATTEMPTS, PASSWORD_CHANGE_ATTEMPTS } from './lib/throttle.ts';
import { ADMIN, insertMember, useTestApp } from './test-helpers.ts';
import { DbSessionStore } from './plugins/session.ts';
import { pruneSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './lib/session.ts';

describe('sessions in production mode', () => {
  const t = useTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org' } });

  it('sets a __Host- cookie that is Secure, HttpOnly, SameSite=Lax, Path=/, with the idle timeout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', host: 'post.example.org', origin: 'https://post.example.org', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify(ADMIN),
    });
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const raw = cookies.find((c) => c.startsWith('__Host-sid='))!;
    expect(raw).toMatch(/^__Host-sid=/);
    // The known-browser cookie of the sign-in throttle is as guarded.
    const known = cookies.find((c) => c.startsWith('__Host-known-admin='))!;
    expect(known).toMatch(/; Secure/);
    expect(known).toMatch(/; HttpOnly/);
    expect(known).toMatch(/; Path=\//);
    expect(raw).toMatch(/; Secure/);
    expect(raw).toMatch(/; HttpOnly/);
    expect(raw).toMatch(/; SameSite=Lax/);
    expect(raw).toMatch(/; Path=\//);
    expect(raw).not.toMatch(/Domain=/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(raw)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + SESSION_IDLE_MS))).toBeLessThan(5000);
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });

  it('sends a strict Content-Security-Policy with no inline script', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Every header helmet sets through @fastify/helmet.
    expect(csp).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';upgrade-insecure-requests",
    );
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('session lifetime', () => {
  const t = useTestApp();

  it('ends a session left idle past the idle timeout', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    await t.db
      .updateTable('session')
      .set({ expire: sql`now() - interval '1 second'` as any })
      .where('sid', '=', sid)
      .execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('keeps an active session alive (rolling) and moves its expiry forward', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    await t.db
      .updateTable('session')
      .set({ expire: sql`now() + interval '1 minute'` as any })
      .where('sid', '=', sid)
      .execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(true);
    const row = await t.db.selectFrom('session').select('expire').where('sid', '=', sid).executeTakeFirstOrThrow();
    expect(new Date(row.expire).getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
  });

  it('ends an administrator sign-in after the absolute timeout however active', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    const row = await t.db.selectFrom('session').select('sess').where('sid', '=', sid).executeTakeFirstOrThrow();
    const sess = { ...(row.sess as object), userAuthAt: Date.now() - SESSION_ABSOLUTE_MS - 1000 };
    await t.db
      .updateTable('session')
      .set({ sess: JSON.stringify(sess) })
      .where('sid', '=', sid)
      .execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('ends a member sign-in after its absolute timeout', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    await t.db
      .updateTable('memberSessions')
      .set({ expiresAt: sql`now() - interval '1 second'` as any })
      .where('memberId', '=', m.id)
      .execute();
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
  });

  it('does not bring back a session that was signed out while one of its requests was in flight', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    const store = new DbSessionStore(t.db);
    // The slow request read its session before the sign-out ...
    const inFlight = await new Promise<Session>((resolve, reject) =>
      store.get(sid, (err, s) => (err || !s ? reject(err ?? new Error('no session')) : resolve(s))),
    );
    expect((await a.post('/api/logout')).statusCode).toBeLessThan(300);
    expect(await t.db.selectFrom('session').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined();
    // ... and its rolling save comes after it.
    await new Promise<void>((resolve, reject) => store.set(sid, inFlight, (err) => (err ? reject(err) : resolve())));
    expect(await t.db.selectFrom('session').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: a.cookieHeader } })).json().authenticated).toBe(false);
  });

  it('never accepts a made-up or tampered session cookie', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: 'sid=attacker-chosen-id' } });
    expect(forged.json().authenticated).toBe(false);
    const a = t.agent();
    await a.loginAdmin();
    const [id, signature] = decodeURIComponent(a.cookies.get('sid')!).split('.');
    const tampered = await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: `sid=${encodeURIComponent(`${id}x.${signature}`)}` } });
    expect(tampered.json().authenticated).toBe(false);
  });
});

describe('sign-in throttling (issue 17, decision 0011)', () => {
  const t = useTestApp();

  /** One sign-in attempt from its own address, as a separate attacker would send it. */
  const attempt = (url: string, body: object, address: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it('checks at most 10 passwords of one account out of 60 concurrent attempts, and none after', async () => {
    const m = await insertMember(t.db);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt('/api/member/login', { membershipNumber: m.membershipNumber, password: `guess-${i}` }, `10.0.${i}.1`)),
    );
    // Reserved slots are checked (401), or refused by a full hash queue on a busy machine (503).
    const checked = results.filter((r) => r.statusCode === 401 || r.statusCode === 503).length;
    const refused = results.filter((r) => r.statusCode === 429);
    expect(results.some((r) => r.statusCode === 401)).toBe(true);
    expect(checked).toBe(ACCOUNT_ATTEMPTS);
    expect(refused).toHaveLength(60 - ACCOUNT_ATTEMPTS);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is not checked either until the window has passed.
    expect((await attempt('/api/member/login', { membershipNumber: m.membershipNumber, password: 'member-pass-123' }, '10.9.9.9')).statusCode).toBe(429);
  });

  it('counts every call of a tRPC batch before checking any, and refuses batches over 10 calls', async () => {
    const m = await insertMember(t.db);
    const batch = (passwords: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${passwords.map(() => 'memberAuth.login').join(',')}?batch=1`,
        remoteAddress: '10.1.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(Object.fromEntries(passwords.map((password, i) => [i, { membershipNumber: m.membershipNumber, password }]))),
      });
    const hundred = await batch([...Array.from({ length: 99 }, (_, i) => `guess-${i}`), 'member-pass-123']);
    expect(hundred.statusCode).toBe(400);
    const statuses = async (passwords: string[]) =>
      ((await batch(passwords)).json() as { error?: { data: { httpStatus: number } } }[]).map((r) => r.error?.data.httpStatus ?? 200);
    const all = await Promise.all(Array.from({ length: 6 }, (_, b) => statuses(Array.from({ length: 10 }, (_, i) => `guess-${b}-${i}`))));
    expect(all.flat().filter((s) => s === 401 || s === 503)).toHaveLength(ACCOUNT_ATTEMPTS);
    expect(all.flat().filter((s) => s === 429)).toHaveLength(60 - ACCOUNT_ATTEMPTS);
    // The right password at the end of the next batch gets no check.
    expect(await statuses([...Array.from({ length: 9 }, (_, i) => `again-${i}`), 'member-pass-123'])).toEqual(Array(10).fill(429));
  });

  it('lets a browser that signed in before through while strangers have exhausted the account, and not a new one', async () => {
    const owner = t.agent();
    await t.db
      .insertInto('users')
      .values({ username: 'commander', password: await hashPassword('owner-password-1') })
      .execute();
    await owner.loginAdmin('commander', 'owner-password-1');
    expect(owner.cookies.get('known-admin')).toBeTruthy();
    await owner.post('/api/logout');
    // Strangers, from many addresses, try 15 passwords.
    const strangers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => attempt('/api/login', { username: 'Commander', password: `guess-${i}` }, `10.2.${i}.1`)),
    );
    expect(strangers.filter((r) => r.statusCode === 429)).toHaveLength(15 - ACCOUNT_ATTEMPTS);
    // A new browser of the owner (or the strangers, right password or not) waits.
    expect((await attempt('/api/login', { username: 'commander', password: 'owner-password-1' }, '10.3.0.1')).statusCode).toBe(429);
    // A forged or copied-to-another-account known-browser cookie is a stranger's.
    const value = owner.cookies.get('known-admin')!;
    const tampered = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await attempt('/api/login', { username: 'commander', password: 'owner-password-1' }, '10.3.0.2', `known-admin=${tampered}`)).statusCode).toBe(429);
    expect((await attempt('/api/login', { username: ADMIN.username, password: 'x' }, '10.3.0.3', `known-admin=${value}`)).statusCode).toBe(401);
    // The owner's browser signs in at once.
    const back = await owner.post('/api/login', { username: 'commander', password: 'owner-password-1' });
    expect(back.statusCode).toBe(200);
    // Its own count is bounded too: 10 wrong passwords, then it waits like anyone.
    await owner.post('/api/logout');
    for (let i = 0; i < KNOWN_BROWSER_ATTEMPTS; i++)
      expect((await owner.post('/api/login', { username: 'commander', password: `typo-${i}` })).statusCode).toBe(401);
    expect((await owner.post('/api/login', { username: 'commander', password: 'owner-password-1' })).statusCode).toBe(429);
  });

  it('throttles both password changes: at most 10 current passwords checked per account', async () => {
    const m = await insertMember(t.db);
    const member = t.agent();
    await member.loginMember(m.membershipNumber);
    const admin = t.agent();
    await admin.loginAdmin();
    for (const [agent, url, right] of [
      [member, '/api/member/change-password', 'member-pass-123'],
      [admin, '/api/change-password', ADMIN.password],
    ] as const) {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          agent.post(url, { currentPassword: `wrong-${i}`, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 400 || r.statusCode === 503)).toHaveLength(PASSWORD_CHANGE_ATTEMPTS);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(30 - PASSWORD_CHANGE_ATTEMPTS);
      const withRight = await agent.post(url, { currentPassword: right, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' });
      expect(withRight.statusCode).toBe(429);
    }
  });

  it('answers 503 with Retry-After at once when the hash queue is full, instead of queueing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const original = argon2.verify;
    const spy = vi.spyOn(argon2, 'verify').mockImplementation((async (...args: Parameters<typeof argon2.verify>) => {
      await gate;
      return original.apply(argon2, args);
    }) as never);
    try {
      const waiting = Array.from({ length: HASH_LANES + HASH_QUEUE_MAX }, (_, i) =>
        attempt('/api/login', { username: `flood-${i}`, password: 'x' }, `10.4.${i}.1`),
      );
      await vi.waitFor(() => expect(hashQueue().waiting).toBe(HASH_QUEUE_MAX), { timeout: 5000 });
      const started = Date.now();
      const refused = await attempt('/api/login', ADMIN, '10.5.0.1');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().message).toBe(signInMessages.signInBusy);
      release();
      // Those queued are checked, or gave up after the wait limit: never a long wait, never a 500.
      for (const r of await Promise.all(waiting)) expect([401, 503]).toContain(r.statusCode);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('prunes counters whose window has passed, with the expired sessions', async () => {
    await t.db
      .insertInto('rateLimits')
      .values([
        { key: 'test:old', count: 5, resetAt: sql`now() - interval '1 minute'` as any },
        { key: 'test:current', count: 5, resetAt: sql`now() + interval '1 minute'` as any },
      ])
      .execute();
    await pruneSessions(t.db);
    const keys = (await t.db.selectFrom('rateLimits').select('key').where('key', 'like', 'test:%').execute()).map((r) => r.key);
    expect(keys).toEqual(['test:current']);
  });

  it('takes the address from the connection unless TRUST_PROXY is set, even with an https PUBLIC_URL', async () => {
    expect(loadEnv({ PUBLIC_URL: 'https://post.example.org', DATA_DIR: t.env.dataDir }).trustProxy).toBe(false);
    expect(loadEnv({ PUBLIC_URL: 'https://post.example.org', TRUST_PROXY: '1', DATA_DIR: t.env.dataDir }).trustProxy).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.6.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      payload: JSON.stringify({ username: 'nobody', password: 'x' }),
    });
    const keys = (await t.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('signin:admin:ip:10.6.0.1');
    expect(keys.some((k) => k.includes('203.0.113.9'))).toBe(false);
  });
});
