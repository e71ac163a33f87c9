import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '@post/contracts/messages/account';
import { serverMessages } from '@post/contracts/messages/server';
import { useTestApp, insertMember, type Agent } from '../../test-helpers.ts';
import { FORGOT_MIN_MS, RESET_ACCOUNT_REQUESTS } from './password-reset.ts';

const t = useTestApp({ mail: true });
beforeEach(() => {
  t.sink.messages.length = 0;
});

const post = t.postAsVisitor;
const recipient = (m: (typeof t.sink.messages)[number]) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address!.toLowerCase() : '');
const tokenOf = (text: string | undefined) => /\/member\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

async function timed(body: unknown) {
  const start = performance.now();
  const res = await post('/api/member/forgot-password', body);
  return { res, ms: performance.now() - start };
}

describe('member password reset', () => {
  it('answers the same, in about the same time, whether or not the member exists or may sign in; mails only those who may', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'R-100', email: 'rita@example.org', firstName: 'Rita' });
    await insertMember(t.db, { membershipNumber: 'R-101', email: 'gone@example.org', isActive: false });
    await insertMember(t.db, { membershipNumber: 'R-102', email: 'offline@example.org', hasOnlineAccess: false });
    const answers = [
      await timed({ membershipNumber: 'r-100' }),
      await timed({ membershipNumber: 'NOPE-1' }),
      await timed({ membershipNumber: 'R-101' }),
      await timed({ email: 'offline@example.org' }),
      await timed({ email: 'nobody@example.org' }),
    ];
    for (const a of answers) {
      expect(a.res.statusCode).toBe(200);
      expect(a.res.body).toBe(answers[0]!.res.body);
      expect(a.ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    }
    const times = answers.map((a) => a.ms);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(250);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map(recipient)).toEqual(['rita@example.org']);
    const mail = t.sink.messages[0]!;
    expect(mail.subject).toBe('Reset your member portal password');
    expect(mail.text).toContain('Hello Rita');
    expect(mail.text).toContain('https://post.example.org/member/reset-password?token=');
    const row = await t.db.selectFrom('mailTokens').selectAll().where('subjectId', '=', m.id).where('purpose', '=', 'member-reset').executeTakeFirstOrThrow();
    const validMs = new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime();
    expect(validMs).toBeGreaterThan(59 * 60_000);
    expect(validMs).toBeLessThanOrEqual(60 * 60_000 + 1000);

    // By e-mail too, case aside.
    expect((await post('/api/member/forgot-password', { email: 'RITA@example.org' })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map(recipient)).toEqual(['rita@example.org', 'rita@example.org']);
    expect((await post('/api/member/forgot-password', {})).statusCode).toBe(400);
    expect((await post('/api/member/forgot-password', {})).json().message).toBe(accountMessages.forgotNeedsOne);
  });

  it('sets the password with the token once, ends the member\u2019s sessions and voids the other links', async () => {
    await insertMember(t.db, { membershipNumber: 'R-200', email: 'sam@example.org' });
    const signedIn: Agent = t.agent();
    await signedIn.loginMember('R-200');
    expect((await signedIn.get('/api/member/auth/check')).statusCode).toBe(200);
    await post('/api/member/forgot-password', { membershipNumber: 'R-200' });
    await post('/api/member/forgot-password', { email: 'sam@example.org' });
    await t.app.mailWorker.runOnce();
    const [first, second] = t.sink.messages.map((m) => tokenOf(m.text)!);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();

    // Only the newest link is live (decision 0059): the first stopped working when the second was sent.
    expect((await post('/api/member/reset-password', { token: first, password: 'a brand new secret' })).statusCode).toBe(400);
    const short = await post('/api/member/reset-password', { token: second, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(accountMessages.passwordMin);
    const ok = await post('/api/member/reset-password', { token: second, password: 'a brand new secret' });
    expect(ok.statusCode).toBe(200);
    // The member's sessions ended; the new password signs in, the old one does not.
    expect((await signedIn.get('/api/member/auth/check')).statusCode).toBe(401);
    await t.agent().loginMember('R-200', 'a brand new secret');
    expect((await t.agent().post('/api/member/login', { membershipNumber: 'R-200', password: 'member-pass-123' })).statusCode).toBe(401);
    // Single use, and the link sent before stays void.
    for (const token of [first, second]) {
      const again = await post('/api/member/reset-password', { token, password: 'another new secret' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(accountMessages.resetLinkInvalid);
    }
  });

  it('an expired link, or a member who lost access since, changes nothing', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'R-300', email: 'lou@example.org' });
    await post('/api/member/forgot-password', { membershipNumber: 'R-300' });
    await post('/api/member/forgot-password', { membershipNumber: 'R-300' });
    await t.app.mailWorker.runOnce();
    const [a, b] = t.sink.messages.map((x) => tokenOf(x.text)!);
    await t.db
      .updateTable('mailTokens')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('tokenHash', '=', (await import('../mail/outbox.ts')).hashToken(a!))
      .execute();
    expect((await post('/api/member/reset-password', { token: a, password: 'long enough 1' })).statusCode).toBe(400);
    await t.db.updateTable('members').set({ hasOnlineAccess: false }).where('id', '=', m.id).execute();
    expect((await post('/api/member/reset-password', { token: b, password: 'long enough 2' })).statusCode).toBe(400);
    const row = await t.db.selectFrom('members').select('loginPassword').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.loginPassword).toBe(m.loginPassword);
  });

  it('is throttled per account like sign-in', async () => {
    await insertMember(t.db, { membershipNumber: 'R-400', email: 'max@example.org' });
    for (let i = 0; i < RESET_ACCOUNT_REQUESTS; i++) expect((await post('/api/member/forgot-password', { membershipNumber: 'R-400' })).statusCode).toBe(200);
    const refused = await post('/api/member/forgot-password', { membershipNumber: 'r-400' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(serverMessages.tooManyAttempts);
    // An unknown account is counted the same way, so a 429 tells nothing either.
    for (let i = 0; i < RESET_ACCOUNT_REQUESTS; i++) await post('/api/member/forgot-password', { membershipNumber: 'NOBODY-9' });
    expect((await post('/api/member/forgot-password', { membershipNumber: 'NOBODY-9' })).statusCode).toBe(429);
  });
});
