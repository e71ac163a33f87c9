import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, verifyPassword, type DB } from '@post/db';
import type { ChangePasswordInput } from '@post/contracts/admin-auth';
import type { MemberLoginInput, SessionMember } from '@post/contracts/member-auth';
import { AppError } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck, signInThrottle, type SignInClient, type SignInSlot } from '../../lib/throttle.ts';
import { SESSION_ABSOLUTE_MS } from '../../lib/session.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { signInMessages } from '@post/contracts/messages/sign-in';

let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  // A refused first attempt (hash queue full) must not leave a rejected promise behind for good.
  return (dummyHash ??= hashPassword('not-a-password').catch((e) => {
    dummyHash = undefined;
    throw e;
  }));
}

/** Who signs in, as the router reads the request: address, known browser, device, and the member sign-in the session already holds. */
export interface MemberSignInClient extends SignInClient {
  userAgent: string;
  previousToken: string | undefined;
}

/** A member signed in: who, the new member session's token, and the slot that makes the browser known. */
export interface MemberSignedIn {
  member: SessionMember;
  token: string;
  slot: SignInSlot;
}

/** Signs a member in: only active members with online access and a portal password; the session's earlier member sign-in ends. */
export async function login(db: DB, client: MemberSignInClient, input: MemberLoginInput): Promise<MemberSignedIn> {
  // Taken before the hash: never more password checks than the limit, however many arrive at once.
  const slot = await signInThrottle.reserve(db, 'member', input.membershipNumber, client);
  const m = await db
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
    throw new AppError('UNAUTHORIZED', signInMessages.invalidMemberCredentials);
  }
  await signInThrottle.succeeded(db, slot);
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('memberSessions')
    .values({
      memberId: m.id,
      sessionToken: token,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      ipAddress: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 500) || null,
    })
    .execute();
  if (client.previousToken) await endMemberSession(db, client.previousToken);
  const member: SessionMember = {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    membershipNumber: m.membershipNumber,
    branchOfService: m.branchOfService as SessionMember['branchOfService'],
    postRole: m.postRole,
    membershipType: m.membershipType,
  };
  return { member, token, slot };
}

/** Ends the member session of this token (signing out, or a new sign-in on the same browser). */
export async function endMemberSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('memberSessions').where('sessionToken', '=', token).execute();
}

/** A member changes their own portal password; their sign-ins other than `token`, this request's, end. */
export async function changePassword(db: DB, member: SessionMember, token: string, input: ChangePasswordInput): Promise<void> {
  const row = await db.selectFrom('members').select('loginPassword').where('id', '=', member.id).executeTakeFirstOrThrow();
  const slot = await reservePasswordCheck(db, 'member', member.id);
  if (!(await verifyPassword(row.loginPassword, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', accountMessages.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(db, slot);
  const hash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('members').set({ loginPassword: hash, updatedAt: new Date() }).where('id', '=', member.id).execute();
    await trx.deleteFrom('memberSessions').where('memberId', '=', member.id).where('sessionToken', '<>', token).execute();
  });
}
