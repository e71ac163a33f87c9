import { z } from 'zod';
import { ChangePasswordInput } from '@post/contracts/admin-auth';
import { MemberAuthCheckSchema, MemberLoginInput } from '@post/contracts/member-auth';
import { Ok } from '@post/contracts/common';
import { currentMember, memberProcedure, publicProcedure, router } from '../../trpc.ts';
import { clientIp } from '../../lib/session.ts';
import * as service from './member-auth.service.ts';
import * as session from './member-session.ts';
import { ForgotPasswordInput, ResetPasswordInput } from '@post/contracts/mail';
import { forgotPassword, resetPassword } from './password-reset.ts';

const tags = ['Member sign-in'];

/** Member sign-in, sign-out, check and own password change. */
export const memberAuthRouter = router({
  login: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a member's own sign-in: the log records staff work and changes to records" },
      openapi: { method: 'POST', path: '/member/login', tags, summary: 'Sign in as member' },
    })
    .input(MemberLoginInput)
    .output(MemberAuthCheckSchema)
    .mutation(({ ctx, input }) => session.login(ctx, input)),
  logout: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a member's own sign-out: the log records staff work and changes to records" },
      openapi: { method: 'POST', path: '/member/logout', tags, summary: 'Sign the member out' },
    })
    .input(z.void())
    .output(Ok)
    .mutation(async ({ ctx }) => {
      await session.logout(ctx);
      return { ok: true as const };
    }),
  check: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/auth/check', tags, summary: 'The signed-in member (401 when none)', protect: true } })
    .input(z.void())
    .output(MemberAuthCheckSchema)
    .query(({ ctx }) => ({ authenticated: true as const, member: ctx.member })),
  // The web app's form of the check: null instead of a 401 for a visitor, because a browser
  // reports every failed request in its console (and the check runs on every page).
  session: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/member/auth/session', tags, summary: 'The signed-in member, or null when none' } })
    .input(z.void())
    .output(MemberAuthCheckSchema.nullable())
    .query(async ({ ctx }) => {
      const member = await currentMember(ctx);
      return member ? { authenticated: true as const, member } : null;
    }),
  changePassword: memberProcedure
    .meta({
      changesContent: false,
      audit: { none: "a member's own password, behind their own sign-in; a reset by link is recorded" },
      openapi: { method: 'POST', path: '/member/change-password', tags, summary: "Change the member's own portal password", protect: true },
    })
    .input(ChangePasswordInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.changePassword(ctx.db, ctx.member, ctx.req.session.get('memberToken')!, input);
      return { ok: true as const };
    }),
  forgotPassword: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: 'it mails a link and changes no record' },
      openapi: {
        method: 'POST',
        path: '/member/forgot-password',
        tags,
        summary: 'Mail a password reset link (valid 1 hour) to the member; the answer is the same whether or not one matched',
      },
    })
    .input(ForgotPasswordInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await forgotPassword(ctx.db, clientIp(ctx.req), ctx.env.siteUrl, input);
      return { ok: true as const };
    }),
  resetPassword: publicProcedure
    .meta({
      changesContent: false,
      audit: 'member',
      openapi: {
        method: 'POST',
        path: '/member/reset-password',
        tags,
        summary: "Set a new portal password with a reset link's token (single use); ends the member's sessions",
      },
    })
    .input(ResetPasswordInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, clientIp(ctx.req), input);
      return { ok: true as const };
    }),
});
