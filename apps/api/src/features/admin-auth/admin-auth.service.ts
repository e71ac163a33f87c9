import { sql } from 'kysely';
import { hashPassword, verifyPassword, type DB } from '@post/db';
import { E } from '@post/contracts/messages';
import type { AuthCheck, ChangePasswordInput, LoginInput } from '@post/contracts/admin-auth';
import { AppError } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck, signInThrottle } from '../../lib/throttle.ts';
import { rotateSession } from '../../lib/session.ts';
import { currentAdmin, type Context } from '../../trpc.ts';

// Verified when the username is unknown, so that a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  // A refused first attempt (hash queue full) must not leave a rejected promise behind for good.
  return (dummyHash ??= hashPassword('not-a-password').catch((e) => {
    dummyHash = undefined;
    throw e;
  }));
}

/** The answer of GET /api/auth/check. */
export async function authCheck(ctx: Context): Promise<AuthCheck> {
  const user = await currentAdmin(ctx);
  return user
    ? { authenticated: true, userId: user.id, username: user.username, role: user.role }
    : { authenticated: false, userId: null, username: null, role: null };
}

/** Signs an administrator in: throttled, constant-effort, new session id. */
export async function login(ctx: Context, input: LoginInput): Promise<AuthCheck> {
  // Taken before the hash: never more password checks than the limit, however many arrive at once.
  const slot = await signInThrottle.reserve(ctx, 'admin', input.username);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'password'])
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  const ok = user ? await verifyPassword(user.password, input.password) : (await verifyPassword(await dummy(), input.password), false);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', E.invalidCredentials);
  await signInThrottle.succeeded(ctx, slot);
  await rotateSession(ctx.req, ['memberToken', 'memberAuthAt']);
  ctx.req.session.set('userId', user.id);
  ctx.req.session.set('userAuthAt', Date.now());
  return { authenticated: true, userId: user.id, username: user.username, role: user.role };
}

/** Signs the administrator out: the stored session is destroyed. */
export async function logout(ctx: Context): Promise<void> {
  const memberToken = ctx.req.session.get('memberToken');
  if (memberToken) {
    // A member signed in on the same browser stays signed in, under a new session id.
    ctx.req.session.set('userId', undefined);
    ctx.req.session.set('userAuthAt', undefined);
    await rotateSession(ctx.req, ['memberToken', 'memberAuthAt']);
    return;
  }
  await ctx.req.session.destroy();
}

/** Changes the administrator's password and ends their other sessions. */
export async function changePassword(ctx: Context, userId: number, input: ChangePasswordInput): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['password']).where('id', '=', userId).executeTakeFirstOrThrow();
  const slot = await reservePasswordCheck(ctx, 'admin', userId);
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', E.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(ctx, slot);
  const hash = await hashPassword(input.newPassword);
  const currentSid = ctx.req.session.sessionId;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password: hash, updatedAt: new Date() }).where('id', '=', userId).execute();
    await trx
      .deleteFrom('session')
      .where(sql`(sess->>'userId')::int`, '=', userId)
      .where('sid', '<>', currentSid)
      .execute();
  });
}

/**
 * Creates an administrator, or resets the password of an existing one (ending their
 * sessions). An unchanged password is left alone, so restarting a node configured with
 * ADMIN_USERNAME / ADMIN_PASSWORD signs nobody out.
 */
export async function upsertAdmin(db: DB, username: string, password: string): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await db.selectFrom('users').select(['id', 'password']).where('username', '=', username).executeTakeFirst();
  if (existing && (await verifyPassword(existing.password, password))) return 'unchanged';
  const hash = await hashPassword(password);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password: hash, updatedAt: new Date() }).where('id', '=', existing.id).execute();
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
    .values({ username, password: hash, role: 'admin' })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 'created' : 'unchanged';
}
