import { sql } from 'kysely';
import { hashPassword, verifyPassword, type DB } from '@post/db';
import type { AuthCheck, ChangePasswordInput, LoginInput } from '@post/contracts/admin-auth';
import { AppError } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck, signInThrottle, type SignInClient, type SignInSlot } from '../../lib/throttle.ts';
import type { TwoFactorCodeInput } from '@post/contracts/officers';
import type { StaffRole } from '@post/contracts/enums/staff-role';
import type { AdminUser } from '../../trpc.ts';
import { actorAt, recordAudit } from '../audit/audit.ts';
import { acceptTotp, codeCheckSucceeded, reserveCodeCheck, useRecoveryCode } from '../officers/two-factor.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { signInMessages } from '@post/contracts/messages/sign-in';

// Verified when the username is unknown, so that a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  // A refused first attempt (hash queue full) must not leave a rejected promise behind for good.
  return (dummyHash ??= hashPassword('not-a-password').catch((e) => {
    dummyHash = undefined;
    throw e;
  }));
}

const signedOut: AuthCheck = { authenticated: false, userId: null, username: null, role: null };

/** The answer of GET /api/auth/check, from the session's staff account and whether a sign-in waits for its code. */
export function authCheck(user: AdminUser | null, pendingTwoFactor: boolean): AuthCheck {
  if (!user) return pendingTwoFactor ? { ...signedOut, twoFactorRequired: true } : signedOut;
  return {
    authenticated: true,
    userId: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    mustEnrolTwoFactor: user.mustEnrol,
  };
}

/**
 * A right password (a wrong one throws): the slot that makes the browser known, and what comes
 * next: a refusal for a disabled account, the code for an account with two-factor, or the sign-in.
 */
export type PasswordChecked = { step: 'disabled'; slot: SignInSlot } | { step: 'two-factor' | 'signed-in'; userId: number; slot: SignInSlot };

/** Checks a staff account's password: throttled, constant-effort; a failure is recorded. */
export async function checkPassword(db: DB, client: SignInClient, input: LoginInput): Promise<PasswordChecked> {
  // Taken before the hash: never more password checks than the limit, however many arrive at once.
  const slot = await signInThrottle.reserve(db, 'admin', input.username, client).catch(async (err: unknown) => {
    // Refused attempts are counted too, or a guessing run would vanish from the log once throttled.
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') await recordFailedSignIn(db, client.ip, input.username, 'too many attempts');
    throw err;
  });
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'password', 'disabled', 'totpEnabled'])
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  const ok = user ? await verifyPassword(user.password, input.password) : (await verifyPassword(await dummy(), input.password), false);
  if (!user || !ok) {
    await recordFailedSignIn(db, client.ip, input.username, 'wrong username or password');
    throw new AppError('UNAUTHORIZED', signInMessages.invalidCredentials);
  }
  await signInThrottle.succeeded(db, slot);
  if (user.disabled) {
    await recordAudit(db, actorAt(client.ip, null), {
      entity: 'user',
      entityId: user.username,
      action: 'sign-in-failed',
      changes: { reason: { old: null, new: 'disabled' } },
    });
    return { step: 'disabled', slot };
  }
  return { step: user.totpEnabled ? 'two-factor' : 'signed-in', userId: user.id, slot };
}

/**
 * A failed staff sign-in: the username is what was typed, kept as marked input and never as the id
 * of an account it may not name (decision 0059).
 */
async function recordFailedSignIn(db: DB, ip: string, typed: string, reason: string): Promise<void> {
  await recordAudit(db, actorAt(ip, null), {
    entity: 'user',
    entityId: null,
    action: 'sign-in-failed',
    changes: { 'typed username': { old: null, new: typed.slice(0, 100) }, reason: { old: null, new: reason } },
  });
}

/** How a staff sign-in was finished, as its audit entry says. */
export type SignInMethod = 'password' | 'two-factor code' | 'recovery code';

/**
 * Checks the code (or a recovery code) that finishes the sign-in of `userId`, throttled; a wrong
 * one is recorded and throws. Null when that sign-in can no longer finish (the account was
 * disabled or lost two-factor meanwhile).
 */
export async function checkSignInCode(db: DB, ip: string, userId: number, input: TwoFactorCodeInput): Promise<SignInMethod | null> {
  const slot = await reserveCodeCheck(db, ip, userId, 'sign-in');
  const user = await db.selectFrom('users').select(['id', 'username', 'totpSecret', 'totpEnabled', 'disabled']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.disabled || !user.totpEnabled || !user.totpSecret) return null;
  const byTotp = /^\d{6}$/.test(input.code.replace(/\s+/g, ''));
  const ok = byTotp ? await acceptTotp(db, user.id, user.totpSecret, input.code) : await useRecoveryCode(db, user.id, input.code);
  if (!ok) {
    await recordAudit(db, actorAt(ip, null), {
      entity: 'user',
      entityId: user.username,
      action: 'sign-in-failed',
      changes: { reason: { old: null, new: 'wrong two-factor code' } },
    });
    throw new AppError('UNAUTHORIZED', accountMessages.twoFactorCodeWrong);
  }
  await codeCheckSucceeded(db, slot);
  return byTotp ? 'two-factor code' : 'recovery code';
}

/** Records a finished sign-in (and its last-sign-in time); answers the account the session becomes. */
export async function completeSignIn(db: DB, ip: string, userId: number, method: SignInMethod): Promise<{ id: number; username: string; role: StaffRole }> {
  return inTransaction(db, async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ lastSignInAt: sql<Date>`now()` })
      .where('id', '=', userId)
      .returning(['id', 'username', 'role'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actorAt(ip, user), { entity: 'user', entityId: user.id, action: 'sign-in', changes: { method: { old: null, new: method } } });
    if (method === 'recovery code') {
      await recordAudit(trx, actorAt(ip, user), { entity: 'user', entityId: user.id, action: 'two-factor-recovery-code-used' });
    }
    return user;
  });
}

/** Records a staff account's sign-out (nothing when the session had none). */
export async function recordSignOut(db: DB, ip: string, user: AdminUser | null): Promise<void> {
  if (user) await recordAudit(db, actorAt(ip, user), { entity: 'user', entityId: user.id, action: 'sign-out' });
}

/** Changes the account's password (ending a temporary one) and ends its sessions other than `sessionId`, this request's. */
export async function changePassword(
  db: DB,
  actor: { id: number; username: string },
  ip: string,
  sessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  const userId = actor.id;
  const user = await db.selectFrom('users').select(['password']).where('id', '=', userId).executeTakeFirstOrThrow();
  const slot = await reservePasswordCheck(db, 'admin', userId);
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', accountMessages.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(db, slot);
  const hash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password: hash, mustChangePassword: false, updatedAt: new Date() }).where('id', '=', userId).execute();
    await trx
      .deleteFrom('session')
      .where(sql`(sess->>'userId')::int`, '=', userId)
      .where('sid', '<>', sessionId)
      .execute();
    await recordAudit(trx, actorAt(ip, actor), {
      entity: 'user',
      entityId: userId,
      action: 'password-change',
      changes: { password: { old: null, new: null } },
    });
  });
}

/**
 * Creates an administrator, or resets the password of an existing one (ending their
 * sessions). An unchanged password is left alone, so restarting a node configured with
 * ADMIN_USERNAME / ADMIN_PASSWORD signs nobody out.
 */
export async function upsertAdmin(
  db: DB,
  username: string,
  password: string,
  options: { clearTwoFactor?: boolean } = {},
): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await db.selectFrom('users').select(['id', 'password', 'totpEnabled']).where('username', '=', username).executeTakeFirst();
  if (existing && !(options.clearTwoFactor && existing.totpEnabled) && (await verifyPassword(existing.password, password))) return 'unchanged';
  const hash = await hashPassword(password);
  if (existing) {
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('users')
        .set({
          password: hash,
          disabled: false,
          updatedAt: new Date(),
          ...(options.clearTwoFactor ? { totpEnabled: false, totpSecret: null, totpLastStep: null } : {}),
        })
        .where('id', '=', existing.id)
        .execute();
      if (options.clearTwoFactor) await trx.deleteFrom('userRecoveryCodes').where('userId', '=', existing.id).execute();
      await recordAudit(
        trx,
        { userId: null, name: 'command line', ip: null },
        {
          entity: 'user',
          entityId: existing.id,
          action: options.clearTwoFactor ? 'password-reset-and-two-factor-reset' : 'password-reset',
        },
      );
      await trx
        .deleteFrom('session')
        .where(sql`(sess->>'userId')::int`, '=', existing.id)
        .execute();
    });
    return 'reset';
  }
  // Several nodes may start at once with the same configuration: the first one creates.
  const inserted = await db
    .insertInto('users')
    .values({ username, password: hash, role: 'administrator' })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 'created' : 'unchanged';
}
