import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { sql } from 'kysely';
import { hashPassword } from '@post/db';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { useTestApp, ADMIN, type Agent } from '../../test-helpers.ts';
import { upsertAdmin } from '../admin-auth/admin-auth.service.ts';
import { describeDevice } from './account.service.ts';

// Issue 21: staff accounts, roles, invitations, temporary passwords, two-factor sign-in,
// the "require two-factor" setting, own sessions, and the audit rows these writes leave.

const t = useTestApp({ admin: true, env: { PUBLIC_URL: 'https://post.example.org' } });

let seq = 0;
/** A staff account made directly in the database. */
async function staff(role: 'administrator' | 'editor', password = 'staff-pass-123') {
  seq++;
  const username = `${role}-${seq}`;
  const row = await t.db
    .insertInto('users')
    .values({ username, password: await hashPassword(password), role, email: `${username}@example.org`, firstName: 'Sam', lastName: `Officer${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password };
}

async function signedIn(role: 'administrator' | 'editor') {
  const s = await staff(role);
  const agent = t.agent();
  await agent.loginAdmin(s.username, s.password);
  return { ...s, agent };
}

/** The link of the newest invitation mailed to an address. */
async function invitationToken(to: string): Promise<string> {
  const row = await t.db.selectFrom('mailOutbox').select(['textBody', 'html']).where('toAddress', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  // Invitations are queued rendered, so the text is there before sending.
  const text = row.textBody ?? '';
  const match = /\/admin\/invitation\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

function totpFor(secret: string, offsetSteps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/** Turns two-factor on for a signed-in agent; returns the secret and the recovery codes. */
async function enrol(agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await agent.post('/api/admin/account/two-factor/start');
  expect(start.statusCode, start.body).toBe(200);
  const { secret, qrSvg, otpauthUrl } = start.json();
  expect(qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(qrSvg.split(',')[1], 'base64').toString()).toContain('<svg');
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirm = await agent.post('/api/admin/account/two-factor/confirm', { code: totpFor(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

async function auditRows(entityId?: string | number) {
  return t.db
    .selectFrom('auditLog')
    .selectAll()
    .$if(entityId !== undefined, (q) => q.where('entityId', '=', String(entityId)))
    .orderBy('id')
    .execute();
}

describe('roles (decision 0031)', () => {
  it('lets an editor manage content and answers 403 with a clear message elsewhere', async () => {
    const { agent } = await signedIn('editor');
    expect((await agent.get('/api/auth/check')).json()).toMatchObject({ authenticated: true, role: 'editor', mustChangePassword: false });
    expect((await agent.get('/api/admin/news')).statusCode).toBe(200);
    const created = await agent.post('/api/resources', { title: 'VA forms', description: 'Forms', url: 'https://www.va.gov/' });
    expect(created.statusCode, created.body).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/members'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/newsletter/subscribers'],
      ['GET', '/api/admin/members.csv'],
      ['GET', '/api/admin/newsletter/subscribers.csv'],
    ] as const) {
      const res = await agent.request(method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(accountMessages.administratorOnly);
    }
    const settings = (await t.agent().get('/api/site-settings')).json();
    const put = await agent.put('/api/admin/site-settings', { ...settings, postName: 'Changed by an editor' });
    expect(put.statusCode).toBe(403);
    expect((await t.agent().get('/api/site-settings')).json().postName).toBe(settings.postName);
  });

  it('turns the old single role into administrator and refuses any other role in the database', async () => {
    expect((await t.admin.get('/api/auth/check')).json().role).toBe('administrator');
    await expect(
      t.db
        .insertInto('users')
        .values({ username: 'bad-role', password: 'x', role: 'admin' as never })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('staff accounts: create, invite, change, remove', () => {
  it('adds an account with a temporary password that must be changed before any other call', async () => {
    const res = await t.admin.post('/api/admin/users', {
      username: 'adjutant2',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      role: 'editor',
      temporaryPassword: 'temporary-123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'adjutant2', role: 'editor', mustChangePassword: true, invitationPending: false, twoFactor: false });
    const a = t.agent();
    const login = await a.post('/api/login', { username: 'adjutant2', password: 'temporary-123' });
    expect(login.json()).toMatchObject({ authenticated: true, mustChangePassword: true });
    const blocked = await a.get('/api/admin/news');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(accountMessages.mustChangePassword);
    expect((await a.post('/api/resources', { title: 'x', description: 'y', url: 'https://example.org/' })).statusCode).toBe(403);
    expect((await a.get('/api/admin/sessions')).statusCode).toBe(403);
    const change = await a.post('/api/change-password', { currentPassword: 'temporary-123', newPassword: 'my-own-pass-1', confirmPassword: 'my-own-pass-1' });
    expect(change.statusCode, change.body).toBe(200);
    expect((await a.get('/api/admin/news')).statusCode).toBe(200);
    expect((await a.get('/api/auth/check')).json().mustChangePassword).toBe(false);
    // The temporary password is in no audit row.
    expect(JSON.stringify(await auditRows())).not.toContain('temporary-123');
  });

  it('invites by e-mail with a single-use link valid 72 hours that sets the password', async () => {
    const res = await t.admin.post('/api/admin/users', { username: 'pr.officer', firstName: 'Pat', lastName: 'Ray', email: 'pat@example.org', role: 'editor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invitationPending: true, mustChangePassword: false });
    const mail = await t.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', 'pat@example.org').executeTakeFirstOrThrow();
    expect(mail.kind).toBe('staff-invitation');
    expect(mail.textBody).toContain('pr.officer');
    expect(mail.textBody).toContain('https://post.example.org/admin/invitation?token=');
    const token = await invitationToken('pat@example.org');
    const stored = await t.db
      .selectFrom('mailTokens')
      .selectAll()
      .where('purpose', '=', 'invitation')
      .where('subjectId', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    const hours = (new Date(stored.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // Nobody can sign in before the link is used.
    expect((await t.agent().post('/api/login', { username: 'pr.officer', password: '' + token })).statusCode).toBe(401);
    expect((await t.agent().get(`/api/invitation?token=${token}`)).json()).toEqual({ username: 'pr.officer', firstName: 'Pat' });
    const short = await t.agent().post('/api/invitation', { token, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(accountMessages.passwordMin);
    const accept = await t.agent().post('/api/invitation', { token, newPassword: 'pat-password-1', confirmPassword: 'pat-password-1' });
    expect(accept.statusCode, accept.body).toBe(200);
    const again = await t.agent().post('/api/invitation', { token, newPassword: 'other-password', confirmPassword: 'other-password' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(accountMessages.invitationInvalid);
    expect((await t.agent().get(`/api/invitation?token=${token}`)).statusCode).toBe(404);
    const a = t.agent();
    expect((await a.post('/api/login', { username: 'pr.officer', password: 'pat-password-1' })).json()).toMatchObject({ authenticated: true, role: 'editor' });
  });

  it('refuses an expired invitation link', async () => {
    const res = await t.admin.post('/api/admin/users', { username: 'late.one', firstName: 'Lee', lastName: 'Late', email: 'late@example.org', role: 'editor' });
    const token = await invitationToken('late@example.org');
    await t.db
      .updateTable('mailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('subjectId', '=', res.json().id)
      .where('purpose', '=', 'invitation')
      .execute();
    const accept = await t.agent().post('/api/invitation', { token, newPassword: 'late-password', confirmPassword: 'late-password' });
    expect(accept.statusCode).toBe(404);
    expect(accept.json().message).toBe(accountMessages.invitationInvalid);
  });

  it('refuses a taken username or e-mail and bad input, storing nothing', async () => {
    const before = (await t.admin.get('/api/admin/users')).json().length;
    const taken = await t.admin.post('/api/admin/users', {
      username: ADMIN.username.toUpperCase(),
      firstName: 'A',
      lastName: 'B',
      email: 'x1@example.org',
      role: 'editor',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(accountMessages.usernameTaken);
    const badRole = await t.admin.post('/api/admin/users', { username: 'someone', firstName: 'A', lastName: 'B', email: 'x2@example.org', role: 'admin' });
    expect(badRole.statusCode).toBe(400);
    const badName = await t.admin.post('/api/admin/users', { username: 'a b<script>', firstName: 'A', lastName: 'B', email: 'x3@example.org', role: 'editor' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe(accountMessages.usernameChars);
    expect((await t.admin.get('/api/admin/users')).json().length).toBe(before);
  });

  it('lists accounts with role, two-factor, last sign-in and disabled', async () => {
    const list = (await t.admin.get('/api/admin/users')).json();
    const me = list.find((u: { username: string }) => u.username === ADMIN.username);
    expect(me).toMatchObject({ role: 'administrator', twoFactor: false, disabled: false });
    expect(me.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toMatch(/password"|totpSecret|\$argon2/);
  });

  it('ends the sessions of an account whose role changes or that is disabled, and a disabled one cannot sign in', async () => {
    const ed = await signedIn('editor');
    const promoted = await t.admin.patch(`/api/admin/users/${ed.id}`, { role: 'administrator' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await ed.agent.get('/api/admin/news')).statusCode).toBe(401);
    await ed.agent.loginAdmin(ed.username, ed.password);
    expect((await ed.agent.get('/api/members')).statusCode).toBe(200);
    expect((await t.admin.patch(`/api/admin/users/${ed.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await ed.agent.get('/api/members')).statusCode).toBe(401);
    const again = await t.agent().post('/api/login', { username: ed.username, password: ed.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(accountMessages.accountDisabled);
    expect((await t.admin.patch(`/api/admin/users/${ed.id}`, { disabled: false })).statusCode).toBe(200);
    await t.agent().loginAdmin(ed.username, ed.password);
    const actions = (await auditRows(ed.id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['role-change', 'disable', 'enable', 'sign-in']));
    const roleRow = (await auditRows(ed.id)).find((r) => r.action === 'role-change')!;
    expect(roleRow.changes).toEqual({ role: { old: 'editor', new: 'administrator' } });
    expect(roleRow.actorName).toBe(ADMIN.username);
  });

  it('refuses to remove, disable or demote oneself', async () => {
    const me = (await t.admin.get('/api/auth/check')).json();
    for (const res of [
      await t.admin.patch(`/api/admin/users/${me.userId}`, { disabled: true }),
      await t.admin.patch(`/api/admin/users/${me.userId}`, { role: 'editor' }),
      await t.admin.delete(`/api/admin/users/${me.userId}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(accountMessages.cannotChangeOwnAccount);
    }
  });

  // Ten rounds: the two requests deadlocked in most rounds when each locked its target's row first (a 500).
  it('never leaves the post without an active administrator, even when two disable each other at once', async () => {
    try {
      for (let round = 0; round < 10; round++) {
        // Only two active administrators: A and B.
        await t.db.updateTable('users').set({ disabled: true }).where('role', '=', 'administrator').execute();
        const a = await signedIn('administrator');
        const b = await signedIn('administrator');
        const [ra, rb] = await Promise.all([
          a.agent.patch(`/api/admin/users/${b.id}`, { disabled: true }),
          b.agent.patch(`/api/admin/users/${a.id}`, { disabled: true }),
        ]);
        const active = await t.db.selectFrom('users').select('id').where('role', '=', 'administrator').where('disabled', '=', false).execute();
        expect(active.length).toBe(1);
        expect([ra.statusCode, rb.statusCode].sort()).toEqual(expect.arrayContaining([200]));
        const refused = [ra, rb].find((r) => r.statusCode !== 200)!;
        expect([401, 409], `round ${round}: ${refused.body}`).toContain(refused.statusCode);
        if (refused.statusCode === 409) expect(refused.json().message).toBe(accountMessages.lastAdministrator);
        // The survivor cannot remove or disable themselves: the post keeps one administrator.
        const survivor = active[0]!.id === a.id ? a : b;
        expect((await survivor.agent.delete(`/api/admin/users/${survivor.id}`)).statusCode).toBe(400);
      }
    } finally {
      // The next tests sign in as the first administrator, whatever happened here.
      await t.db.updateTable('users').set({ disabled: false }).where('username', '=', ADMIN.username).execute();
    }
  });

  it('removes an account, ending its sessions', async () => {
    const ed = await signedIn('editor');
    expect((await t.admin.delete(`/api/admin/users/${ed.id}`)).statusCode).toBe(200);
    expect((await ed.agent.get('/api/admin/news')).statusCode).toBe(401);
    expect((await t.admin.delete(`/api/admin/users/${ed.id}`)).statusCode).toBe(404);
    const row = (await auditRows(ed.id)).find((r) => r.action === 'delete')!;
    expect(row.changes).toMatchObject({ username: { old: ed.username, new: null } });
  });

  it('resets a password to a temporary one, or by e-mail link, and ends the sessions', async () => {
    const ed = await signedIn('editor');
    const res = await t.admin.post(`/api/admin/users/${ed.id}/reset-password`, { temporaryPassword: 'reset-temp-123' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ed.agent.get('/api/admin/news')).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { username: ed.username, password: ed.password })).statusCode).toBe(401);
    expect((await t.agent().post('/api/login', { username: ed.username, password: 'reset-temp-123' })).json().mustChangePassword).toBe(true);
    const byMail = await t.admin.post(`/api/admin/users/${ed.id}/reset-password`, {});
    expect(byMail.statusCode).toBe(200);
    expect((await t.agent().post('/api/login', { username: ed.username, password: 'reset-temp-123' })).statusCode).toBe(401);
    const token = await invitationToken(`${ed.username}@example.org`);
    expect((await t.agent().post('/api/invitation', { token, newPassword: 'fresh-pass-123', confirmPassword: 'fresh-pass-123' })).statusCode).toBe(200);
    expect((await t.agent().post('/api/login', { username: ed.username, password: 'fresh-pass-123' })).json().mustChangePassword).toBe(false);
  });
});

describe('two-factor sign-in (decision 0032)', () => {
  it('enrols with a QR code and a code, shows ten recovery codes once and stores them hashed', async () => {
    const ed = await signedIn('editor');
    const wrong = await ed.agent.post('/api/admin/account/two-factor/start');
    const bad = await ed.agent.post('/api/admin/account/two-factor/confirm', { code: totpFor(wrong.json().secret, 10) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(accountMessages.twoFactorCodeWrong);
    const { secret, recoveryCodes } = await enrol(ed.agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await t.db.selectFrom('userRecoveryCodes').selectAll().where('userId', '=', ed.id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect((await ed.agent.get('/api/admin/account/two-factor')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await ed.agent.post('/api/admin/account/two-factor/start')).statusCode).toBe(409);
    // The audit log records the change, not the secret nor a code.
    const rows = JSON.stringify(await auditRows(ed.id));
    expect(rows).toContain('two-factor-on');
    expect(rows).not.toContain(secret);
    expect(rows).not.toContain(recoveryCodes[0]!);
  });

  it('asks for the code after the password, accepts it once, and refuses a replay', async () => {
    const ed = await signedIn('editor');
    const { secret } = await enrol(ed.agent);
    const a = t.agent();
    const first = await a.post('/api/login', { username: ed.username, password: ed.password });
    expect(first.json()).toEqual({ authenticated: false, userId: null, username: null, role: null, twoFactorRequired: true });
    expect((await a.get('/api/admin/news')).statusCode).toBe(401);
    expect((await a.get('/api/auth/check')).json().twoFactorRequired).toBe(true);
    const wrong = await a.post('/api/login/two-factor', { code: '000000' === totpFor(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(accountMessages.twoFactorCodeWrong);
    // The enrolment used this step's code: a sign-in needs the next one (a code is good once).
    const replayOfEnrolment = await a.post('/api/login/two-factor', { code: totpFor(secret) });
    expect(replayOfEnrolment.statusCode).toBe(401);
    const ok = await a.post('/api/login/two-factor', { code: totpFor(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ authenticated: true, username: ed.username });
    expect((await a.get('/api/admin/news')).statusCode).toBe(200);
    const b = t.agent();
    await b.post('/api/login', { username: ed.username, password: ed.password });
    const replay = await b.post('/api/login/two-factor', { code: totpFor(secret, 1) });
    expect(replay.statusCode).toBe(401);
    expect((await b.get('/api/admin/news')).statusCode).toBe(401);
    const failed = (await auditRows(ed.username)).filter((r) => r.action === 'sign-in-failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]!.actorUserId).toBeNull();
  });

  it('refuses the code step without a password first', async () => {
    const res = await t.agent().post('/api/login/two-factor', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(signInMessages.twoFactorSignInExpired);
  });

  it('accepts each recovery code once', async () => {
    const ed = await signedIn('editor');
    const { recoveryCodes } = await enrol(ed.agent);
    const a = t.agent();
    await a.post('/api/login', { username: ed.username, password: ed.password });
    const ok = await a.post('/api/login/two-factor', { code: recoveryCodes[3]!.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const b = t.agent();
    await b.post('/api/login', { username: ed.username, password: ed.password });
    expect((await b.post('/api/login/two-factor', { code: recoveryCodes[3]! })).statusCode).toBe(401);
    expect((await b.post('/api/login/two-factor', { code: recoveryCodes[4]! })).statusCode).toBe(200);
    expect((await b.get('/api/admin/account/two-factor')).json().recoveryCodesLeft).toBe(8);
    expect((await auditRows(ed.id)).map((r) => r.action)).toContain('two-factor-recovery-code-used');
  });

  it('throttles codes like passwords: 10 wrong codes, then 429 even for the right one', async () => {
    const ed = await signedIn('editor');
    const { secret } = await enrol(ed.agent);
    const a = t.agent();
    await a.post('/api/login', { username: ed.username, password: ed.password });
    const right = totpFor(secret, 1);
    const wrongCode = right === '999999' ? '999998' : '999999';
    for (let i = 0; i < 10; i++) expect((await a.post('/api/login/two-factor', { code: wrongCode })).statusCode).toBe(401);
    const limited = await a.post('/api/login/two-factor', { code: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(serverMessages.tooManyAttempts);
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
  });

  it('turns off with the password only', async () => {
    const ed = await signedIn('editor');
    await enrol(ed.agent);
    const wrong = await ed.agent.post('/api/admin/account/two-factor/disable', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.wrongCurrentPassword);
    expect((await ed.agent.post('/api/admin/account/two-factor/disable', { password: ed.password })).statusCode).toBe(200);
    expect((await ed.agent.get('/api/admin/account/two-factor')).json().enabled).toBe(false);
    expect(await t.db.selectFrom('userRecoveryCodes').select('id').where('userId', '=', ed.id).execute()).toEqual([]);
    expect((await auditRows(ed.id)).map((r) => r.action)).toContain('two-factor-off');
  });

  it('lets an administrator clear a lost second factor, and so does the command line reset', async () => {
    const ed = await signedIn('editor');
    await enrol(ed.agent);
    expect((await t.admin.patch(`/api/admin/users/${ed.id}`, { resetTwoFactor: true })).json().twoFactor).toBe(false);
    expect((await ed.agent.get('/api/admin/news')).statusCode).toBe(401);
    const login = await t.agent().post('/api/login', { username: ed.username, password: ed.password });
    expect(login.json().authenticated).toBe(true);
    const other = await signedIn('editor');
    await enrol(other.agent);
    expect(await upsertAdmin(t.db, other.username, 'cli-new-pass-1', { clearTwoFactor: true })).toBe('reset');
    const row = await t.db.selectFrom('users').select(['totpEnabled', 'totpSecret']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totpEnabled: false, totpSecret: null });
    expect((await t.agent().post('/api/login', { username: other.username, password: 'cli-new-pass-1' })).json().authenticated).toBe(true);
  });

  it('with the "require two-factor" setting, an account without it must enrol before anything else', async () => {
    const ed = await signedIn('editor');
    const settings = (await t.agent().get('/api/site-settings')).json();
    expect(settings.requireTwoFactor).toBe(false);
    // Editors cannot change the setting.
    expect((await ed.agent.put('/api/admin/site-settings', { ...settings, requireTwoFactor: true })).statusCode).toBe(403);
    // An administrator without two-factor would lock themselves out: they turn it on for themselves first.
    const boss = await signedIn('administrator');
    const early = await boss.agent.put('/api/admin/site-settings', { ...settings, requireTwoFactor: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(accountMessages.enrolBeforeRequiring);
    await enrol(boss.agent);
    expect((await boss.agent.put('/api/admin/site-settings', { ...settings, requireTwoFactor: true })).statusCode).toBe(200);
    try {
      const a = t.agent();
      expect((await a.post('/api/login', { username: ed.username, password: ed.password })).json()).toMatchObject({
        authenticated: true,
        mustEnrolTwoFactor: true,
      });
      const blocked = await a.get('/api/admin/news');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(accountMessages.mustEnrolTwoFactor);
      expect((await a.get('/api/admin/account/two-factor')).json().required).toBe(true);
      await enrol(a);
      expect((await a.get('/api/admin/news')).statusCode).toBe(200);
      expect((await a.get('/api/auth/check')).json().mustEnrolTwoFactor).toBe(false);
    } finally {
      expect((await boss.agent.put('/api/admin/site-settings', { ...settings, requireTwoFactor: false })).statusCode).toBe(200);
    }
  });
});

describe('own details', () => {
  it("shows and changes one's own name and e-mail, recording old → new in the audit log", async () => {
    const ed = await signedIn('editor');
    const shown = await ed.agent.get('/api/admin/account');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ username: ed.username, firstName: 'Sam', lastName: expect.any(String), email: `${ed.username}@example.org` });
    const lastName = shown.json().lastName;
    const res = await ed.agent.patch('/api/admin/account', { firstName: '  Samantha ', lastName, email: ' sam.new@example.org ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ username: ed.username, firstName: 'Samantha', lastName, email: 'sam.new@example.org' });
    expect((await ed.agent.get('/api/admin/account')).json().email).toBe('sam.new@example.org');
    const row = (await auditRows(ed.id)).find((r) => r.action === 'details-change');
    expect(row).toMatchObject({ entity: 'user', actorUserId: ed.id });
    expect(row!.changes).toEqual({
      firstName: { old: 'Sam', new: 'Samantha' },
      email: { old: `${ed.username}@example.org`, new: 'sam.new@example.org' },
    });
    // An empty address clears it; nothing changed writes no audit row.
    expect((await ed.agent.patch('/api/admin/account', { firstName: 'Samantha', lastName, email: '' })).json().email).toBeNull();
    const count = (await auditRows(ed.id)).length;
    expect((await ed.agent.patch('/api/admin/account', { firstName: 'Samantha', lastName, email: '' })).statusCode).toBe(200);
    expect((await auditRows(ed.id)).length).toBe(count);
  });

  it('lets the first administrator (no e-mail) add one, so a newsletter test can reach them', async () => {
    const fresh = t.agent();
    const a = await staff('administrator');
    await t.db.updateTable('users').set({ email: null, firstName: null, lastName: null }).where('id', '=', a.id).execute();
    await fresh.loginAdmin(a.username, a.password);
    expect((await fresh.get('/api/admin/account')).json()).toMatchObject({ email: null, firstName: null });
    const res = await fresh.patch('/api/admin/account', { firstName: 'Pat', lastName: 'Commander', email: `${a.username}@post.example.org` });
    expect(res.statusCode, res.body).toBe(200);
    const test = await fresh.post('/api/admin/newsletter/issues', { subject: 'Hello', content: 'Hi', testOnly: true });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().to).toBe(`${a.username}@post.example.org`);
  });

  it('refuses a bad or taken e-mail and an empty name at the field, storing nothing', async () => {
    const ed = await signedIn('editor');
    const other = await staff('editor');
    const before = (await ed.agent.get('/api/admin/account')).json();
    const rowsBefore = (await auditRows(ed.id)).length;
    const bad = await ed.agent.patch('/api/admin/account', { firstName: 'X', lastName: 'Y', email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(formMessages.invalidEmail);
    const taken = await ed.agent.patch('/api/admin/account', { firstName: 'X', lastName: 'Y', email: `${other.username.toUpperCase()}@example.org` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(accountMessages.staffEmailTaken);
    const noName = await ed.agent.patch('/api/admin/account', { firstName: '   ', lastName: 'Y', email: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(formMessages.firstNameRequired);
    expect((await ed.agent.get('/api/admin/account')).json()).toEqual(before);
    expect((await auditRows(ed.id)).length).toBe(rowsBefore);
  });

  it('changes only the signed-in account: an editor cannot reach another one', async () => {
    const ed = await signedIn('editor');
    const other = await staff('administrator');
    const res = await ed.agent.patch('/api/admin/account', { id: other.id, firstName: 'Hijack', lastName: 'Attempt', email: 'hijack@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    const otherRow = await t.db.selectFrom('users').select(['firstName', 'email']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(otherRow).toEqual({ firstName: 'Sam', email: `${other.username}@example.org` });
    const mine = await t.db.selectFrom('users').select(['firstName', 'email']).where('id', '=', ed.id).executeTakeFirstOrThrow();
    expect(mine).toEqual({ firstName: 'Hijack', email: 'hijack@example.org' });
    // The administrators' own route stays closed to an editor.
    expect((await ed.agent.patch(`/api/admin/users/${other.id}`, { firstName: 'Hijack' })).statusCode).toBe(403);
    expect((await t.agent().patch('/api/admin/account', { firstName: 'A', lastName: 'B' })).statusCode).toBe(401);
  });
});

describe('new recovery codes', () => {
  it('replaces every recovery code for a current code from the app; the old ones stop working', async () => {
    const ed = await signedIn('editor');
    const { secret, recoveryCodes: old } = await enrol(ed.agent);
    const res = await ed.agent.post('/api/admin/account/recovery-codes', { code: totpFor(secret, 1) });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const c of fresh) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    const stored = await t.db.selectFrom('userRecoveryCodes').selectAll().where('userId', '=', ed.id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(fresh[0]!.replace('-', ''));
    expect((await ed.agent.get('/api/admin/account/two-factor')).json().recoveryCodesLeft).toBe(10);
    const a = t.agent();
    await a.post('/api/login', { username: ed.username, password: ed.password });
    expect((await a.post('/api/login/two-factor', { code: old[0]! })).statusCode).toBe(401);
    const ok = await a.post('/api/login/two-factor', { code: fresh[0]! });
    expect(ok.statusCode, ok.body).toBe(200);
    // The app code was used once: sending it again is refused.
    expect((await ed.agent.post('/api/admin/account/recovery-codes', { code: totpFor(secret, 1) })).statusCode).toBe(400);
    const rows = await auditRows(ed.id);
    expect(rows.map((r) => r.action)).toContain('two-factor-recovery-codes-new');
    expect(JSON.stringify(rows)).not.toContain(fresh[1]!);
  });

  it('refuses a wrong code, a recovery code in its place, or an account without two-factor, changing nothing', async () => {
    const ed = await signedIn('editor');
    const { secret, recoveryCodes } = await enrol(ed.agent);
    const before = await t.db.selectFrom('userRecoveryCodes').select('codeHash').where('userId', '=', ed.id).orderBy('id').execute();
    const right = totpFor(secret, 1);
    const wrong = await ed.agent.post('/api/admin/account/recovery-codes', { code: right === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.twoFactorCodeWrong);
    const recovery = await ed.agent.post('/api/admin/account/recovery-codes', { code: recoveryCodes[0]! });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().message).toBe(accountMessages.authenticatorCodeRequired);
    expect(await t.db.selectFrom('userRecoveryCodes').select('codeHash').where('userId', '=', ed.id).orderBy('id').execute()).toEqual(before);
    expect((await auditRows(ed.id)).map((r) => r.action)).not.toContain('two-factor-recovery-codes-new');
    const off = await signedIn('editor');
    const none = await off.agent.post('/api/admin/account/recovery-codes', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(accountMessages.twoFactorOff);
  });
});

describe('own sessions', () => {
  it('lists device, address and last use, never the session id, and ends one', async () => {
    const s = await staff('editor');
    const phone = t.agent();
    const laptop = t.agent();
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    await phone.post('/api/login', { username: s.username, password: s.password }, { 'user-agent': iphone });
    await laptop.post('/api/login', { username: s.username, password: s.password }, { 'user-agent': firefox });
    const res = await laptop.get('/api/admin/sessions', { 'user-agent': firefox });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: 'Firefox on Windows' });
    expect(list[1]).toMatchObject({ current: false, device: 'Safari on iPhone', ip: '127.0.0.1' });
    expect(list[1].lastUsedAt).not.toBeNull();
    const sids = (await t.db.selectFrom('session').select('sid').execute()).map((r) => r.sid);
    for (const sid of sids) expect(res.body).not.toContain(sid);
    const end = await laptop.delete(`/api/admin/sessions/${list[1].id}`);
    expect(end.statusCode, end.body).toBe(200);
    expect((await phone.get('/api/admin/news')).statusCode).toBe(401);
    expect((await laptop.get('/api/admin/sessions')).json()).toHaveLength(1);
    const again = await laptop.delete(`/api/admin/sessions/${list[1].id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(accountMessages.sessionNotFound);
    // Another account's session cannot be ended by guessing.
    const adminSessions = (await t.admin.get('/api/admin/sessions')).json();
    expect((await laptop.delete(`/api/admin/sessions/${adminSessions[0].id}`)).statusCode).toBe(404);
    expect((await t.admin.get('/api/admin/sessions')).statusCode).toBe(200);
  });

  it('names devices in plain words', () => {
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe(
      'Safari on Mac',
    );
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe(
      'Edge on Windows',
    );
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

describe('audit rows of sign-ins', () => {
  it('records sign-ins, failed sign-ins (no actor, the typed username) and sign-outs, never a password', async () => {
    const s = await staff('editor', 'audit-pass-123');
    const a = t.agent();
    expect((await a.post('/api/login', { username: s.username, password: 'wrong-guess-77' })).statusCode).toBe(401);
    expect((await a.post('/api/login', { username: 'no-such-person', password: 'wrong-guess-78' })).statusCode).toBe(401);
    await a.loginAdmin(s.username, 'audit-pass-123');
    await a.post('/api/logout');
    // The typed username is kept as marked input, never as the id of the account it may name (decision 0059).
    const failed = (await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'sign-in-failed').execute()).filter((r) =>
      [s.username, 'no-such-person'].includes(String((r.changes as Record<string, { new: unknown }> | null)?.['typed username']?.new)),
    );
    expect(failed).toHaveLength(2);
    for (const r of failed) expect(r).toMatchObject({ actorUserId: null, entity: 'user', entityId: null, ip: '127.0.0.1' });
    const mine = (await auditRows(s.id)).map((r) => r.action);
    expect(mine).toEqual(['sign-in', 'sign-out']);
    const all = JSON.stringify(await t.db.selectFrom('auditLog').selectAll().execute());
    for (const secret of ['wrong-guess-77', 'audit-pass-123', ADMIN.password, 'pat-password-1']) expect(all).not.toContain(secret);
    const count = await t.db
      .selectFrom('auditLog')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBeGreaterThan(10);
  });
});
