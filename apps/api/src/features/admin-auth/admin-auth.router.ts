import { z } from 'zod';
import { AuthCheckSchema, ChangePasswordInput, LoginInput } from '@post/contracts/admin-auth';
import { Ok } from '@post/contracts/common';
import { TwoFactorCodeInput } from '@post/contracts/officers';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import { clientIp } from '../../lib/session.ts';
import * as service from './admin-auth.service.ts';
import * as session from './staff-session.ts';

const tags = ['Administrator sign-in'];

/** Administrator sign-in, sign-out, check and password change. */
export const adminAuthRouter = router({
  login: publicProcedure
    .meta({ changesContent: false, audit: 'user', openapi: { method: 'POST', path: '/login', tags, summary: 'Sign in as administrator' } })
    .input(LoginInput)
    .output(AuthCheckSchema)
    .mutation(({ ctx, input }) => session.login(ctx, input)),
  loginTwoFactor: publicProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: { method: 'POST', path: '/login/two-factor', tags, summary: 'Finish a sign-in with a two-factor code or a recovery code' },
    })
    .input(TwoFactorCodeInput)
    .output(AuthCheckSchema)
    .mutation(({ ctx, input }) => session.loginTwoFactor(ctx, input)),
  logout: publicProcedure
    .meta({ changesContent: false, audit: 'user', openapi: { method: 'POST', path: '/logout', tags, summary: 'Sign out' } })
    .input(z.void())
    .output(Ok)
    .mutation(async ({ ctx }) => {
      await session.logout(ctx);
      return { ok: true as const };
    }),
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/check', tags, summary: 'Who is signed in as administrator' } })
    .input(z.void())
    .output(AuthCheckSchema)
    .query(({ ctx }) => session.authCheck(ctx)),
  changePassword: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      allowDuringSetup: ['password', 'two-factor'],
      openapi: { method: 'POST', path: '/change-password', tags, summary: "Change the administrator's password", protect: true },
    })
    .input(ChangePasswordInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.changePassword(ctx.db, ctx.user, clientIp(ctx.req), ctx.req.session.sessionId, input);
      return { ok: true as const };
    }),
});
