import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, createTestApp, insertMember } from './test-helpers.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './plugins/session.ts';

describe('sessions in production mode', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org' });
  });
  afterAll(async () => t?.close());

  it('sets a __Host- cookie that is Secure, HttpOnly, SameSite=Lax, Path=/, with the idle timeout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', host: 'post.example.org', origin: 'https://post.example.org', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify(ADMIN),
    });
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^__Host-sid=/);
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
    // Every header helmet sets, as @fastify/helmet set them before the middleware was built once.
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
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ends a session left idle past the idle timeout', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    await t.db.updateTable('session').set({ expire: sql`now() - interval '1 second'` as any }).where('sid', '=', sid).execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('keeps an active session alive (rolling) and moves its expiry forward', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    await t.db.updateTable('session').set({ expire: sql`now() + interval '1 minute'` as any }).where('sid', '=', sid).execute();
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
    await t.db.updateTable('session').set({ sess: JSON.stringify(sess) }).where('sid', '=', sid).execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('ends a member sign-in after its absolute timeout', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    await t.db.updateTable('memberSessions').set({ expiresAt: sql`now() - interval '1 second'` as any }).where('memberId', '=', m.id).execute();
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
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
