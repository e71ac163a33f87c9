import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '@post/db';
import { E } from '@post/contracts/messages';
import type { ChangePasswordInput } from '@post/contracts/admin-auth';
import type { MemberAuthCheck, MemberLoginInput, SessionMember } from '@post/contracts/member-auth';
import { AppError } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck, signInThrottle } from '../../lib/throttle.ts';
import { clientIp, rotateSession } from '../../lib/session.ts';
import { SESSION_ABSOLUTE_MS } from '../../plugins/session.ts';
import type { Context } from '../../trpc.ts';
import { inTransaction } from '../../lib/transaction.ts';

let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  // A refused first attempt (hash queue full) must not leave a rejected promise behind for good.
  return (dummyHash ??= hashPassword('not-a-password').catch((e) => {
    dummyHash = undefined;
    throw e;
  }));
}

/** Signs a member in: only active members with online access and a portal password. */
export async function login(ctx: Context, input: MemberLoginInput): Promise<MemberAuthCheck> {
  // Taken before the hash: never more password checks than the limit, however many arrive at once.
  const slot = await signInThrottle.reserve(ctx, 'member', input.membershipNumber);
  const m = await ctx.db
    .selectFrom('members')
    .select([
      'id',
      'firstName',
      'lastName',
      'membershipNumber',
      'branchOfService',
      'postRole',
      'membershipType',
      'isActive',
      'hasOnlineAccess',
      'loginPassword',
      'deceasedOn',
    ])
    .where(sql`lower(membership_number)`, '=', input.membershipNumber.toLowerCase())
    .executeTakeFirst();
  const hash = m?.loginPassword ?? (await dummy());
  const passwordOk = await verifyPassword(hash, input.password);
  // A departed member's account stays, but nobody signs in with it (decision 0065).
  if (!m || !m.loginPassword || !passwordOk || !m.isActive || !m.hasOnlineAccess || m.deceasedOn !== null) {
    throw new AppError('UNAUTHORIZED', E.invalidMemberCredentials);
  }
  await signInThrottle.succeeded(ctx, slot);
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('memberSessions')
    .values({
      memberId: m.id,
      sessionToken: token,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      ipAddress: clientIp(ctx.req).slice(0, 64),
      userAgent: (ctx.req.headers['user-agent'] ?? '').slice(0, 500) || null,
    })
    .execute();
  const previous = ctx.req.session.get('memberToken');
  if (previous) await ctx.db.deleteFrom('memberSessions').where('sessionToken', '=', previous).execute();
  await rotateSession(ctx.req, ['userId', 'userAuthAt']);
  ctx.req.session.set('memberToken', token);
  ctx.req.session.set('memberAuthAt', Date.now());
  const member: SessionMember = {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    membershipNumber: m.membershipNumber,
    branchOfService: m.branchOfService as SessionMember['branchOfService'],
    postRole: m.postRole,
    membershipType: m.membershipType,
  };
  return { authenticated: true, member };
}

/** Signs the member out; an administrator signed in on the same browser stays signed in. */
export async function logout(ctx: Context): Promise<void> {
  const token = ctx.req.session.get('memberToken');
  if (token) await ctx.db.deleteFrom('memberSessions').where('sessionToken', '=', token).execute();
  if (ctx.req.session.get('userId')) {
    ctx.req.session.set('memberToken', undefined);
    ctx.req.session.set('memberAuthAt', undefined);
    await rotateSession(ctx.req, ['userId', 'userAuthAt']);
    return;
  }
  await ctx.req.session.destroy();
}

/** A member changes their own portal password; their other sign-ins end. */
export async function changePassword(ctx: Context, member: SessionMember, input: ChangePasswordInput): Promise<void> {
  const row = await ctx.db.selectFrom('members').select('loginPassword').where('id', '=', member.id).executeTakeFirstOrThrow();
  const slot = await reservePasswordCheck(ctx, 'member', member.id);
  if (!(await verifyPassword(row.loginPassword, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', E.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(ctx, slot);
  const hash = await hashPassword(input.newPassword);
  const token = ctx.req.session.get('memberToken')!;
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('members').set({ loginPassword: hash, updatedAt: new Date() }).where('id', '=', member.id).execute();
    await trx.deleteFrom('memberSessions').where('memberId', '=', member.id).where('sessionToken', '<>', token).execute();
  });
}
