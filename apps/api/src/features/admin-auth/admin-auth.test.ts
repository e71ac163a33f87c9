import { describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { sql } from 'kysely';
import { accountMessages } from '@post/contracts/messages/account';
import { serverMessages } from '@post/contracts/messages/server';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { useTestApp, ADMIN, insertMember } from '../../test-helpers.ts';

const t = useTestApp();

const sessionCount = async () =>
  (
    await t.db
      .selectFrom('session')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('administrator sign-in', () => {
  it('signs in with the right password and reports the user in the check', async () => {
    const a = t.agent();
    const before = await a.get('/api/auth/check');
    expect(before.json()).toEqual({ authenticated: false, userId: null, username: null, role: null });
    const res = await a.post('/api/login', ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, username: ADMIN.username, role: 'administrator' });
    const cookie = res.cookies.find((c: any) => c.name === 'sid') as any;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const check = await a.get('/api/auth/check');
    expect(check.json()).toMatchObject({ authenticated: true, username: ADMIN.username, role: 'administrator' });
    expect(typeof check.json().userId).toBe('number');
  });

  it('refuses a wrong password and an unknown user with 401 and stores no session', async () => {
    const before = await sessionCount();
    for (const body of [
      { ...ADMIN, password: 'wrong password' },
      { username: 'nobody', password: 'whatever1' },
    ]) {
      const a = t.agent();
      const res = await a.post('/api/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: signInMessages.invalidCredentials });
      expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('spends one argon2 verification on an unknown user, as on a wrong password, queued like any other', async () => {
    // Warm: the dummy hash of unknown users is made on first use.
    await t.agent().post('/api/login', { username: 'nobody', password: 'whatever1' });
    const verify = vi.spyOn(argon2, 'verify');
    try {
      for (const body of [
        { ...ADMIN, password: 'wrong password' },
        { username: 'nobody-else', password: 'whatever1' },
      ]) {
        verify.mockClear();
        expect((await t.agent().post('/api/login', body)).statusCode).toBe(401);
        expect(verify, body.username).toHaveBeenCalledTimes(1);
        expect(String(verify.mock.calls[0]![0])).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      }
    } finally {
      verify.mockRestore();
    }
  });

  it("answers bad input with the spec's messages and changes nothing", async () => {
    const before = await sessionCount();
    const a = t.agent();
    const r1 = await a.post('/api/login', { username: '', password: 'x' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe(accountMessages.usernameRequired);
    const r2 = await a.post('/api/login', { username: 'adjutant', password: '' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toBe(accountMessages.passwordRequired);
    expect(r2.json().issues[0]).toEqual({ path: ['password'], message: accountMessages.passwordRequired });
    const r3 = await a.post('/api/login', { username: 42 });
    expect(r3.statusCode).toBe(400);
    const r4 = await a.request('POST', '/api/login', undefined, { 'content-type': 'application/json' });
    expect(r4.statusCode).toBe(400);
    const r5 = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(r5.statusCode).toBe(400);
    expect(typeof r5.json().message).toBe('string');
    expect(await sessionCount()).toBe(before);
  });

  it('works through tRPC as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/adminAuth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(ADMIN),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ authenticated: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/trpc/adminAuth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '', password: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(accountMessages.usernameRequired);
  });

  it('signs out: the stored session is destroyed', async () => {
    const a = t.agent();
    await a.loginAdmin();
    const sid = decodeURIComponent(a.cookies.get('sid')!).split('.')[0]!;
    expect(await t.db.selectFrom('session').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeTruthy();
    const out = await a.post('/api/logout');
    expect(out.statusCode).toBe(200);
    expect(await t.db.selectFrom('session').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
    // An empty body with no content type is a valid sign-out too.
    const raw = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(raw.statusCode).toBe(200);
  });

  it('gives a new session id at sign-in (no fixation) and drops the old one', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    const first = a.cookies.get('sid')!;
    await a.loginAdmin();
    const second = a.cookies.get('sid')!;
    expect(second).not.toBe(first);
    const oldSid = decodeURIComponent(first).split('.')[0]!;
    expect(await t.db.selectFrom('session').select('sid').where('sid', '=', oldSid).executeTakeFirst()).toBeUndefined();
    // The member stays signed in through the rotation.
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(200);
    // Replaying the old cookie gives nothing.
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: `sid=${first}` } });
    expect(replay.json().authenticated).toBe(false);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    await t.db
      .insertInto('users')
      .values({
        username: 'quartermaster',
        password: (await t.db.selectFrom('users').select('password').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()).password,
      })
      .execute();
    const a = t.agent();
    const b = t.agent();
    await a.loginAdmin('quartermaster', ADMIN.password);
    await b.loginAdmin('quartermaster', ADMIN.password);
    const wrong = await a.post('/api/change-password', { currentPassword: 'nope', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.wrongCurrentPassword);
    const mismatch = await a.post('/api/change-password', { currentPassword: ADMIN.password, newPassword: 'new-secret-1', confirmPassword: 'new-secret-2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().issues).toContainEqual({ path: ['confirmPassword'], message: accountMessages.passwordsDoNotMatch });
    const short = await a.post('/api/change-password', { currentPassword: ADMIN.password, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.json().issues.map((i: any) => i.message)).toEqual([accountMessages.passwordMin]);
    const ok = await a.post('/api/change-password', { currentPassword: ADMIN.password, newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(true);
    expect((await b.get('/api/auth/check')).json().authenticated).toBe(false);
    expect((await t.agent().post('/api/login', { username: 'quartermaster', password: ADMIN.password })).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { username: 'quartermaster', password: 'new-secret-1' })).statusCode).toBe(200);
  });

  it('refuses admin-only calls without a session and with a member session (401)', async () => {
    const m = await insertMember(t.db);
    const member = t.agent();
    await member.loginMember(m.membershipNumber);
    const settings = (await t.agent().get('/api/site-settings')).json();
    for (const a of [t.agent(), member]) {
      const put = await a.put('/api/admin/site-settings', { ...settings, postName: 'Hacked' });
      expect(put.statusCode).toBe(401);
      expect(put.json()).toEqual({ message: serverMessages.adminRequired });
      const cp = await a.post('/api/change-password', { currentPassword: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' });
      expect(cp.statusCode).toBe(401);
    }
    expect((await t.agent().get('/api/site-settings')).json().postName).toBe(settings.postName);
  });

  it('throttles repeated failures on one account with 429 and Retry-After', async () => {
    await t.db.insertInto('users').values({ username: 'target', password: 'x' }).execute();
    let last;
    for (let i = 0; i < 11; i++) last = await t.agent().post('/api/login', { username: 'target', password: `guess-${i}` });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toBe(serverMessages.tooManyAttempts);
  });

  it('refuses unsafe requests from another site', async () => {
    const res = await t.agent().post('/api/login', ADMIN, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    const res2 = await t.agent().post('/api/login', ADMIN, { origin: 'https://evil.example' });
    expect(res2.statusCode).toBe(403);
    const same = await t.agent().post('/api/login', ADMIN, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(same.statusCode).toBe(200);
  });
});
