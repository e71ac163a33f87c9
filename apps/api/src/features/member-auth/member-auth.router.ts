import { z } from 'zod';
import { ChangePasswordInput } from '@post/contracts/admin-auth';
import { MemberAuthCheckSchema, MemberLoginInput } from '@post/contracts/member-auth';
import { Ok } from '@post/contracts/common';
import { memberProcedure, publicProcedure, router } from '../../trpc.ts';
import * as service from './member-auth.service.ts';

const tags = ['Member sign-in'];

/** Member sign-in, sign-out, check and own password change. */
export const memberAuthRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/member/login', tags, summary: 'Sign in as member' } })
    .input(MemberLoginInput)
    .output(MemberAuthCheckSchema)
    .mutation(({ ctx, input }) => service.login(ctx, input)),
  logout: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/member/logout', tags, summary: 'Sign the member out' } })
    .input(z.void())
    .output(Ok)
    .mutation(async ({ ctx }) => {
      await service.logout(ctx);
      return { ok: true as const };
    }),
  check: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/auth/check', tags, summary: 'The signed-in member (401 when none)', protect: true } })
    .input(z.void())
    .output(MemberAuthCheckSchema)
    .query(({ ctx }) => ({ authenticated: true as const, member: ctx.member })),
  changePassword: memberProcedure
    .meta({ openapi: { method: 'POST', path: '/member/change-password', tags, summary: "Change the member's own portal password", protect: true } })
    .input(ChangePasswordInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.changePassword(ctx, ctx.member, input);
      return { ok: true as const };
    }),
});
