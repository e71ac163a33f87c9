import { sql } from 'kysely';
import { hashPassword, verifyPassword, type DB } from '@post/db';
import { E } from '@post/contracts/messages';
import type { AuthCheck, ChangePasswordInput, LoginInput } from '@post/contracts/admin-auth';
import { AppError } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck, signInThrottle } from '../../lib/throttle.ts';
import { rotateSession } from '../../lib/session.ts';
import type { TwoFactorCodeInput } from '@post/contracts/officers';
import { currentAdmin, noteSessionUse, STAFF_SESSION_FIELDS, type Context } from '../../trpc.ts';
import { auditActor, recordAudit } from '../audit/audit.ts';
import { acceptTotp, codeCheckSucceeded, reserveCodeCheck, useRecoveryCode } from '../officers/two-factor.ts';
import { SE } from '@post/contracts/staff-messages';
import { inTransaction } from '../../lib/transaction.ts';

// Verified when the username is unknown, so that a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  // A refused first attempt (hash queue full) must not leave a rejected promise behind for good.
  return (dummyHash ??= hashPassword('not-a-password').catch((e) => {
    dummyHash = undefined;
    throw e;
  }));
}

/** How long a half-done sign-in (password right, code still to come) waits for its code. */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;

const signedOut: AuthCheck = { authenticated: false, userId: null, username: null, role: null };

/** The answer of GET /api/auth/check. */
export async function authCheck(ctx: Context): Promise<AuthCheck> {
  const user = await currentAdmin(ctx);
  if (!user) return pendingTwoFactor(ctx) ? { ...signedOut, twoFactorRequired: true } : signedOut;
  return {
    authenticated: true,
    userId: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    mustEnrolTwoFactor: user.mustEnrol,
  };
}

/** The account whose password was right and whose code is still to come, if still in time. */
function pendingTwoFactor(ctx: Context): number | undefined {
  const id = ctx.req.session?.get('pendingUserId');
  const at = ctx.req.session?.get('pendingAt') ?? 0;
  return id && Date.now() - at <= TWO_FACTOR_PENDING_MS ? id : undefined;
}

/** Signs a staff account in: throttled, constant-effort, new session id; asks for a code when two-factor is on. */
export async function login(ctx: Context, input: LoginInput): Promise<AuthCheck> {
  // Taken before the hash: never more password checks than the limit, however many arrive at once.
  const slot = await signInThrottle.reserve(ctx, 'admin', input.username).catch(async (err: unknown) => {
    // Refused attempts are counted too, or a guessing run would vanish from the log once throttled.
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') await recordFailedSignIn(ctx, input.username, 'too many attempts');
    throw err;
  });
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'password', 'disabled', 'totpEnabled'])
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  const ok = user ? await verifyPassword(user.password, input.password) : (await verifyPassword(await dummy(), input.password), false);
  if (!user || !ok) {
    await recordFailedSignIn(ctx, input.username, 'wrong username or password');
    throw new AppError('UNAUTHORIZED', E.invalidCredentials);
  }
  await signInThrottle.succeeded(ctx, slot);
  if (user.disabled) {
    await recordAudit(ctx.db, auditActor(ctx, null), {
      entity: 'user',
      entityId: user.username,
      action: 'sign-in-failed',
      changes: { reason: { old: null, new: 'disabled' } },
    });
    throw new AppError('FORBIDDEN', SE.accountDisabled);
  }
  await rotateSession(ctx.req, ['memberToken', 'memberAuthAt']);
  if (user.totpEnabled) {
    ctx.req.session.set('pendingUserId', user.id);
    ctx.req.session.set('pendingAt', Date.now());
    return { ...signedOut, twoFactorRequired: true };
  }
  await completeSignIn(ctx, user.id, 'password');
  return authCheck(ctx);
}

/**
 * A failed staff sign-in: the username is what was typed, kept as marked input and never as the id
 * of an account it may not name (decision 0059).
 */
async function recordFailedSignIn(ctx: Context, typed: string, reason: string): Promise<void> {
  await recordAudit(ctx.db, auditActor(ctx, null), {
    entity: 'user',
    entityId: null,
    action: 'sign-in-failed',
    changes: { 'typed username': { old: null, new: typed.slice(0, 100) }, reason: { old: null, new: reason } },
  });
}

/** POST /api/login/two-factor: the code (or a recovery code) that finishes a sign-in. */
export async function loginTwoFactor(ctx: Context, input: TwoFactorCodeInput): Promise<AuthCheck> {
  const userId = pendingTwoFactor(ctx);
  if (!userId) throw new AppError('UNAUTHORIZED', SE.twoFactorSignInExpired);
  const slot = await reserveCodeCheck(ctx, userId, 'sign-in');
  const user = await ctx.db.selectFrom('users').select(['id', 'username', 'totpSecret', 'totpEnabled', 'disabled']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.disabled || !user.totpEnabled || !user.totpSecret) {
    ctx.req.session.set('pendingUserId', undefined);
    throw new AppError('UNAUTHORIZED', SE.twoFactorSignInExpired);
  }
  const byTotp = /^\d{6}$/.test(input.code.replace(/\s+/g, ''));
  const ok = byTotp ? await acceptTotp(ctx.db, user.id, user.totpSecret, input.code) : await useRecoveryCode(ctx.db, user.id, input.code);
  if (!ok) {
    await recordAudit(ctx.db, auditActor(ctx, null), {
      entity: 'user',
      entityId: user.username,
      action: 'sign-in-failed',
      changes: { reason: { old: null, new: 'wrong two-factor code' } },
    });
    throw new AppError('UNAUTHORIZED', SE.twoFactorCodeWrong);
  }
  await codeCheckSucceeded(ctx, slot);
  await rotateSession(ctx.req, ['memberToken', 'memberAuthAt']);
  await completeSignIn(ctx, user.id, byTotp ? 'two-factor code' : 'recovery code');
  return authCheck(ctx);
}

/** The session becomes the account's; the sign-in is recorded. */
async function completeSignIn(ctx: Context, userId: number, method: string): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ lastSignInAt: sql<Date>`now()` })
      .where('id', '=', userId)
      .returning(['id', 'username', 'role'])
      .executeTakeFirstOrThrow();
    ctx.req.session.set('pendingUserId', undefined);
    ctx.req.session.set('pendingAt', undefined);
    ctx.req.session.set('userId', user.id);
    ctx.req.session.set('userAuthAt', Date.now());
    ctx.req.session.set('userRole', user.role);
    noteSessionUse(ctx.req);
    await recordAudit(trx, auditActor(ctx, user), { entity: 'user', entityId: user.id, action: 'sign-in', changes: { method: { old: null, new: method } } });
    if (method === 'recovery code') {
      await recordAudit(trx, auditActor(ctx, user), { entity: 'user', entityId: user.id, action: 'two-factor-recovery-code-used' });
    }
  });
}

/** Signs the staff account out: the stored session is destroyed. */
export async function logout(ctx: Context): Promise<void> {
  const user = await currentAdmin(ctx);
  if (user) await recordAudit(ctx.db, auditActor(ctx, user), { entity: 'user', entityId: user.id, action: 'sign-out' });
  const memberToken = ctx.req.session.get('memberToken');
  if (memberToken) {
    // A member signed in on the same browser stays signed in, under a new session id.
    for (const key of STAFF_SESSION_FIELDS) ctx.req.session.set(key, undefined);
    await rotateSession(ctx.req, ['memberToken', 'memberAuthAt']);
    return;
  }
  await ctx.req.session.destroy();
}

/** Changes the account's password (ending a temporary one) and ends its other sessions. */
export async function changePassword(ctx: Context, actor: { id: number; username: string }, input: ChangePasswordInput): Promise<void> {
  const userId = actor.id;
  const user = await ctx.db.selectFrom('users').select(['password']).where('id', '=', userId).executeTakeFirstOrThrow();
  const slot = await reservePasswordCheck(ctx, 'admin', userId);
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', E.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(ctx, slot);
  const hash = await hashPassword(input.newPassword);
  const currentSid = ctx.req.session.sessionId;
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('users').set({ password: hash, mustChangePassword: false, updatedAt: new Date() }).where('id', '=', userId).execute();
    await trx
      .deleteFrom('session')
      .where(sql`(sess->>'userId')::int`, '=', userId)
      .where('sid', '<>', currentSid)
      .execute();
    await recordAudit(trx, auditActor(ctx, actor), {
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
