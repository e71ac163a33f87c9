import type { FastifyRequest } from 'fastify';
import type { AuthCheck, LoginInput } from '@post/contracts/admin-auth';
import type { TwoFactorCodeInput } from '@post/contracts/officers';
import { AppError } from '../../errors.ts';
import { rememberBrowser, signInClient } from '../../lib/known-browser.ts';
import { clientIp, rotateSession } from '../../lib/session.ts';
import { refuseInsecureSignIn } from '../../lib/secure-sign-in.ts';
import { currentAdmin, noteSessionUse, STAFF_SESSION_FIELDS, type Context } from '../../trpc.ts';
import * as service from './admin-auth.service.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { signInMessages } from '@post/contracts/messages/sign-in';

// The router's side of a staff sign-in: reads the session, cookie and address, passes plain
// values to the service, and writes the session and the known-browser cookie from its answers.

/** How long a half-done sign-in (password right, code still to come) waits for its code. */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;

/** A member signed in on the same browser stays signed in through a staff sign-in or sign-out. */
const MEMBER_FIELDS = ['memberToken', 'memberAuthAt'] as const;

/** The account whose password was right and whose code is still to come, if still in time. */
function pendingTwoFactor(req: FastifyRequest): number | undefined {
  const id = req.session?.get('pendingUserId');
  const at = req.session?.get('pendingAt') ?? 0;
  return id && Date.now() - at <= TWO_FACTOR_PENDING_MS ? id : undefined;
}

/** GET /api/auth/check for this request. */
export async function authCheck(ctx: Context): Promise<AuthCheck> {
  return service.authCheck(await currentAdmin(ctx), pendingTwoFactor(ctx.req) !== undefined);
}

/** POST /api/login: the password; a new session id; then the code, or the signed-in session. */
export async function login(ctx: Context, input: LoginInput): Promise<AuthCheck> {
  refuseInsecureSignIn(ctx.req, ctx.env);
  const checked = await service.checkPassword(ctx.db, signInClient(ctx.req, ctx.env, 'admin', input.username), input);
  rememberBrowser(ctx.res, ctx.env, checked.slot);
  if (checked.step === 'disabled') throw new AppError('FORBIDDEN', accountMessages.accountDisabled);
  await rotateSession(ctx.req, MEMBER_FIELDS);
  if (checked.step === 'two-factor') {
    ctx.req.session.set('pendingUserId', checked.userId);
    ctx.req.session.set('pendingAt', Date.now());
    return service.authCheck(null, true);
  }
  return completeSignIn(ctx, checked.userId, 'password');
}

/** POST /api/login/two-factor: the code (or a recovery code) that finishes a sign-in. */
export async function loginTwoFactor(ctx: Context, input: TwoFactorCodeInput): Promise<AuthCheck> {
  const userId = pendingTwoFactor(ctx.req);
  if (!userId) throw new AppError('UNAUTHORIZED', signInMessages.twoFactorSignInExpired);
  const method = await service.checkSignInCode(ctx.db, clientIp(ctx.req), userId, input);
  if (!method) {
    ctx.req.session.set('pendingUserId', undefined);
    throw new AppError('UNAUTHORIZED', signInMessages.twoFactorSignInExpired);
  }
  await rotateSession(ctx.req, MEMBER_FIELDS);
  return completeSignIn(ctx, userId, method);
}

/** The session becomes the account's once the sign-in is recorded. */
async function completeSignIn(ctx: Context, userId: number, method: service.SignInMethod): Promise<AuthCheck> {
  const user = await service.completeSignIn(ctx.db, clientIp(ctx.req), userId, method);
  ctx.req.session.set('pendingUserId', undefined);
  ctx.req.session.set('pendingAt', undefined);
  ctx.req.session.set('userId', user.id);
  ctx.req.session.set('userAuthAt', Date.now());
  ctx.req.session.set('userRole', user.role);
  noteSessionUse(ctx.req);
  return authCheck(ctx);
}

/** POST /api/logout: the stored session is destroyed, or keeps only a member's sign-in under a new id. */
export async function logout(ctx: Context): Promise<void> {
  await service.recordSignOut(ctx.db, clientIp(ctx.req), await currentAdmin(ctx));
  if (ctx.req.session.get('memberToken')) {
    for (const key of STAFF_SESSION_FIELDS) ctx.req.session.set(key, undefined);
    await rotateSession(ctx.req, MEMBER_FIELDS);
    return;
  }
  await ctx.req.session.destroy();
}
