import { sql } from 'kysely';
import { hashPassword, type DB } from '@post/db';
import type { ForgotPasswordInput } from '@post/contracts/mail';
import { accountMessages } from '@post/contracts/messages/account';
import { AppError, badRequest } from '../../errors.ts';
import { addressKey, hit, reset } from '../../lib/rate-limit.ts';
import { ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS } from '../../lib/throttle.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { actorAt, recordAudit } from '../audit/audit.ts';
import { enqueue, newToken, storeToken, useToken } from '../mail/outbox.ts';
import { memberPasswordReset } from '../mail/account-templates.ts';
import { senderFrom } from '../mail/templates.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { serverMessages } from '@post/contracts/messages/server';

/** Purpose of the token in a password reset link. */
export const RESET_PURPOSE = 'member-reset';
/** How long a reset link works. */
export const RESET_VALID_MS = 60 * 60 * 1000;
/** Reset requests one account may cause in the sign-in window (whoever asks). */
export const RESET_ACCOUNT_REQUESTS = 5;
/**
 * Every answer of forgot-password takes at least this long, whether or not a member matched
 * and a message was queued, so the time does not tell either.
 */
export const FORGOT_MIN_MS = 400;

/**
 * "Forgot your password?" (issue 19 #4): queues a single-use link, valid 1 hour, to each member
 * the membership number or e-mail address names who may sign in (active, with online access).
 * The answer and its time are the same whether or not anyone matched. Throttled like a
 * sign-in: per address over every account, per identifier typed, and per matched member across
 * both identifiers, silently (decision 0059); a member has at most one live link.
 */
export async function forgotPassword(db: DB, ip: string, baseUrl: string, input: ForgotPasswordInput): Promise<void> {
  const started = Date.now();
  try {
    const account = (input.membershipNumber || input.email || '').trim().toLowerCase();
    const byIp = await hit(db, `reset:member:ip:${addressKey(ip)}`, ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS);
    if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, byIp.retryAfterSeconds);
    const byAccount = await hit(db, `reset:member:account:${account.slice(0, 200)}`, RESET_ACCOUNT_REQUESTS, SIGNIN_WINDOW_MS);
    if (!byAccount.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, byAccount.retryAfterSeconds);
    let q = db
      .selectFrom('members')
      .select(['id', 'firstName', 'email', 'membershipNumber'])
      .where('isActive', '=', true)
      .where('hasOnlineAccess', '=', true)
      .where('deceasedOn', 'is', null)
      .where('email', '<>', '');
    q = input.membershipNumber
      ? q.where(sql`lower(membership_number)`, '=', input.membershipNumber.trim().toLowerCase())
      : q.where(sql`lower(email)`, '=', (input.email ?? '').trim().toLowerCase());
    // One address may belong to a few members of a family: each gets a link of their own.
    const members = await q.orderBy('id').limit(5).execute();
    if (members.length === 0) return;
    const sender = senderFrom(await getSettings(db), baseUrl);
    for (const m of members) {
      // Over its count, nothing is sent: a 429 here would tell that the identifier names a member.
      if (!(await hit(db, `reset:member:id:${m.id}`, RESET_ACCOUNT_REQUESTS, SIGNIN_WINDOW_MS)).allowed) continue;
      const token = newToken();
      const message = await memberPasswordReset({ sender, name: m.firstName, resetUrl: `${baseUrl}/member/reset-password?token=${token.token}` });
      await inTransaction(db, async (trx) => {
        await endResetLinks(trx, m.id);
        await storeToken(trx, token.hash, RESET_PURPOSE, m.id, new Date(Date.now() + RESET_VALID_MS));
        await enqueue(trx, { idempotencyKey: `member-reset:${token.hash}`, kind: 'member-password-reset', to: m.email, ...message });
      });
    }
  } finally {
    const left = FORGOT_MIN_MS - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

/**
 * Sets a new portal password with a reset link's token: the token is used up, the member's
 * other reset links stop working, every session of the member ends, and the sign-in counter of
 * the account starts again (the owner proved they hold its mailbox).
 */
export async function resetPassword(db: DB, ip: string, input: { token: string; password: string }): Promise<void> {
  const byIp = await hit(db, `reset:member:ip:${addressKey(ip)}`, ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS);
  if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, byIp.retryAfterSeconds);
  const hash = await hashPassword(input.password);
  const number = await inTransaction(db, async (trx) => {
    const memberId = await useToken(trx, input.token, RESET_PURPOSE);
    if (memberId === null) throw badRequest(accountMessages.resetLinkInvalid);
    const m = await trx
      .updateTable('members')
      .set({ loginPassword: hash, updatedAt: new Date() })
      .where('id', '=', memberId)
      .where('isActive', '=', true)
      .where('hasOnlineAccess', '=', true)
      .where('deceasedOn', 'is', null)
      .returning('membershipNumber')
      .executeTakeFirst();
    if (!m) throw badRequest(accountMessages.resetLinkInvalid);
    await trx.deleteFrom('memberSessions').where('memberId', '=', memberId).execute();
    await endResetLinks(trx, memberId);
    await recordAudit(trx, actorAt(ip, null), {
      entity: 'member',
      entityId: memberId,
      action: 'password-reset',
      changes: { method: { old: null, new: 'mailed reset link' } },
    });
    return m.membershipNumber;
  });
  await reset(db, `signin:member:account:${number.trim().toLowerCase().slice(0, 200)}`);
}

/** The member's reset links still unused stop working. */
async function endResetLinks(trx: DB, memberId: number): Promise<void> {
  await trx
    .updateTable('mailTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('purpose', '=', RESET_PURPOSE)
    .where('subjectId', '=', memberId)
    .where('usedAt', 'is', null)
    .execute();
}
