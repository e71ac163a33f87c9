import type { MemberAuthCheck, MemberLoginInput } from '@post/contracts/member-auth';
import { rememberBrowser, signInClient } from '../../lib/known-browser.ts';
import { rotateSession } from '../../lib/session.ts';
import { refuseInsecureSignIn } from '../../lib/secure-sign-in.ts';
import type { Context } from '../../trpc.ts';
import * as service from './member-auth.service.ts';

// The router's side of a member sign-in: reads the session, cookie, address and device, passes
// plain values to the service, and writes the session and the known-browser cookie from its answer.

/** The staff sign-in's fields a member sign-in or sign-out carries over to the new session id. */
const STAFF_FIELDS = ['userId', 'userAuthAt', 'userRole', 'userAgent', 'ip', 'lastUsedAt'] as const;

/** POST /api/member/login: the member's session under a new session id. */
export async function login(ctx: Context, input: MemberLoginInput): Promise<MemberAuthCheck> {
  refuseInsecureSignIn(ctx.req, ctx.env);
  const client = {
    ...signInClient(ctx.req, ctx.env, 'member', input.membershipNumber),
    userAgent: ctx.req.headers['user-agent'] ?? '',
    previousToken: ctx.req.session.get('memberToken'),
  };
  const signedIn = await service.login(ctx.db, client, input);
  rememberBrowser(ctx.res, ctx.env, signedIn.slot);
  await rotateSession(ctx.req, STAFF_FIELDS);
  ctx.req.session.set('memberToken', signedIn.token);
  ctx.req.session.set('memberAuthAt', Date.now());
  return { authenticated: true, member: signedIn.member };
}

/** POST /api/member/logout: the member session ends; the stored session is destroyed unless a staff sign-in stays. */
export async function logout(ctx: Context): Promise<void> {
  const token = ctx.req.session.get('memberToken');
  if (token) await service.endMemberSession(ctx.db, token);
  if (ctx.req.session.get('userId')) {
    ctx.req.session.set('memberToken', undefined);
    ctx.req.session.set('memberAuthAt', undefined);
    await rotateSession(ctx.req, STAFF_FIELDS);
    return;
  }
  await ctx.req.session.destroy();
}
