import { describe, expect, it } from 'vitest';
import { accountMessages } from '@post/contracts/messages/account';
import { memberMessages } from '@post/contracts/messages/members';
import { serverMessages } from '@post/contracts/messages/server';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { useTestApp, insertMember } from '../../test-helpers.ts';

const t = useTestApp();

describe('member sign-in', () => {
  it('signs an active member with online access in and reports them in the check', async () => {
    const m = await insertMember(t.db, { firstName: 'Rosa', branchOfService: 'Marines' });
    const a = t.agent();
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
    const before = await a.get('/api/member/auth/session');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();
    const res = await a.post('/api/member/login', { membershipNumber: m.membershipNumber, password: 'member-pass-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, member: { firstName: 'Rosa', branchOfService: 'Marines' } });
    const check = await a.get('/api/member/auth/check');
    expect(check.statusCode).toBe(200);
    expect(check.json().member).toMatchObject({ id: m.id, firstName: 'Rosa' });
    expect(JSON.stringify(check.json())).not.toContain('loginPassword');
    const session = await a.get('/api/member/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(check.json());
    // A member session is not an administrator session.
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('refuses a wrong password, an inactive member, no online access, no portal password and an unknown number', async () => {
    const right = await insertMember(t.db);
    const inactive = await insertMember(t.db, { isActive: false });
    const noAccess = await insertMember(t.db, { hasOnlineAccess: false });
    const noPassword = await insertMember(t.db, { password: null });
    const cases = [
      { membershipNumber: right.membershipNumber, password: 'wrong-password' },
      { membershipNumber: inactive.membershipNumber, password: 'member-pass-123' },
      { membershipNumber: noAccess.membershipNumber, password: 'member-pass-123' },
      { membershipNumber: noPassword.membershipNumber, password: 'member-pass-123' },
      { membershipNumber: 'NO-SUCH-NUMBER', password: 'member-pass-123' },
    ];
    for (const body of cases) {
      const a = t.agent();
      const res = await a.post('/api/member/login', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toEqual({ message: signInMessages.invalidMemberCredentials });
      expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
    }
  });

  it("answers bad input with the spec's messages", async () => {
    const r = await t.agent().post('/api/member/login', { membershipNumber: '  ', password: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues.map((i: any) => i.message)).toEqual([memberMessages.membershipNumberRequired, accountMessages.passwordRequired]);
  });

  it('refuses the member at the next call once online access is turned off', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(200);
    await t.db.updateTable('members').set({ hasOnlineAccess: false }).where('id', '=', m.id).execute();
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
  });

  it('signs out: the member session and the stored session are gone', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    const out = await a.post('/api/member/logout');
    expect(out.statusCode).toBe(200);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
    const rows = await t.db.selectFrom('memberSessions').select('id').where('memberId', '=', m.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('lets a member change their own password and ends their other sign-ins', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    const b = t.agent();
    await a.loginMember(m.membershipNumber);
    await b.loginMember(m.membershipNumber);
    const short = await a.post('/api/member/change-password', { currentPassword: 'member-pass-123', newPassword: 'short7x', confirmPassword: 'short7x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(accountMessages.passwordMin);
    const ok = await a.post('/api/member/change-password', {
      currentPassword: 'member-pass-123',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(200);
    expect((await b.get('/api/member/auth/check')).statusCode).toBe(401);
    expect((await t.agent().post('/api/member/login', { membershipNumber: m.membershipNumber, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it("keeps a staff sign-in through a member's sign-in and sign-out on the same browser", async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginAdmin();
    expect((await a.post('/api/member/login', { membershipNumber: m.membershipNumber, password: 'member-pass-123' })).statusCode).toBe(200);
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(true);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(200);
    expect((await a.post('/api/member/logout', {})).statusCode).toBe(200);
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(true);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
  });

  it('refuses member calls with only an administrator session', async () => {
    const a = t.agent();
    await a.loginAdmin();
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
    expect((await a.post('/api/member/change-password', { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).statusCode).toBe(401);
  });
});

describe('service endpoints', () => {
  it('answers /healthz and /readyz, and the OpenAPI document lists the documented paths', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/login', '/logout', '/auth/check', '/change-password', '/member/login', '/member/logout', '/member/auth/check']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const docs = await t.app.inject('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('POST /api/login');
    // Every operation of a path, with its parameters and bodies, and nothing left undefined.
    for (const op of ['GET /api/events/{id}', 'PUT /api/events/{id}', 'DELETE /api/events/{id}']) expect(docs.body).toContain(`<code>${op}</code>`);
    expect(docs.body).toMatch(/Parameters: id \(path, required\)/);
    expect(docs.body).toContain('<summary>Request body</summary>');
    expect(docs.body).not.toMatch(/undefined|\[object Object\]/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(serverMessages.tooLarge);
  });
});
