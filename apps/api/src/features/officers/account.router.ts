import { z } from 'zod';
import { Ok } from '@post/contracts/common';
import {
  AccountDetailsSchema,
  DisableTwoFactorInput,
  NewRecoveryCodesInput,
  RecoveryCodesSchema,
  SessionIdInput,
  StaffSessionSchema,
  TwoFactorCodeInput,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  UpdateAccountDetailsInput,
} from '@post/contracts/officers';
import type { FastifyRequest } from 'fastify';
import { adminProcedure, router } from '../../trpc.ts';
import { clientIp } from '../../lib/session.ts';
import * as service from './account.service.ts';

const tags = ['Your account'];

// Read here, so the service sees the session's id, device and address as plain values.
function thisSession(req: FastifyRequest): service.ThisSession {
  return { id: req.session.sessionId, userAgent: String(req.headers['user-agent'] ?? ''), ip: clientIp(req) };
}

/** The signed-in staff account's own details, two-factor sign-in and sessions (editors and administrators). */
export const accountRouter = router({
  details: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/account', tags, summary: 'Your name and e-mail address', protect: true } })
    .input(z.void())
    .output(AccountDetailsSchema)
    .query(({ ctx }) => service.accountDetails(ctx.db, ctx.user)),
  updateDetails: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: {
        method: 'PATCH',
        path: '/admin/account',
        tags,
        summary: 'Change your name and e-mail address (an empty e-mail clears it)',
        protect: true,
      },
    })
    .input(UpdateAccountDetailsInput)
    .output(AccountDetailsSchema)
    .mutation(({ ctx, input }) => service.updateAccountDetails(ctx.db, ctx.user, clientIp(ctx.req), input)),
  twoFactor: adminProcedure
    .meta({
      allowDuringSetup: ['two-factor'],
      openapi: { method: 'GET', path: '/admin/account/two-factor', tags, summary: 'Two-factor sign-in of your account', protect: true },
    })
    .input(z.void())
    .output(TwoFactorStatusSchema)
    .query(({ ctx }) => service.twoFactorStatus(ctx.db, ctx.user)),
  startTwoFactor: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      allowDuringSetup: ['two-factor'],
      openapi: {
        method: 'POST',
        path: '/admin/account/two-factor/start',
        tags,
        summary: 'Start turning on two-factor: a new secret and its QR code',
        protect: true,
      },
    })
    .input(z.void())
    .output(TwoFactorSetupSchema)
    .mutation(({ ctx }) => service.startTwoFactor(ctx.db, ctx.user)),
  confirmTwoFactor: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      allowDuringSetup: ['two-factor'],
      openapi: {
        method: 'POST',
        path: '/admin/account/two-factor/confirm',
        tags,
        summary: 'Finish turning on two-factor with a code from the app; answers the ten recovery codes, once',
        protect: true,
      },
    })
    .input(TwoFactorCodeInput)
    .output(RecoveryCodesSchema)
    .mutation(({ ctx, input }) => service.confirmTwoFactor(ctx.db, ctx.user, clientIp(ctx.req), input.code)),
  disableTwoFactor: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: { method: 'POST', path: '/admin/account/two-factor/disable', tags, summary: 'Turn two-factor off (needs your password)', protect: true },
    })
    .input(DisableTwoFactorInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.disableTwoFactor(ctx.db, ctx.user, clientIp(ctx.req), input.password);
      return { ok: true as const };
    }),
  newRecoveryCodes: adminProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: {
        method: 'POST',
        path: '/admin/account/recovery-codes',
        tags,
        summary: 'Replace your recovery codes with ten new ones (needs a code from your app); answers them, once',
        protect: true,
      },
    })
    .input(NewRecoveryCodesInput)
    .output(RecoveryCodesSchema)
    .mutation(({ ctx, input }) => service.replaceRecoveryCodes(ctx.db, ctx.user, clientIp(ctx.req), input.code)),
  sessions: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/sessions', tags, summary: 'Your active sessions: device, address, last use', protect: true } })
    .input(z.void())
    .output(z.array(StaffSessionSchema))
    .query(({ ctx }) => service.listSessions(ctx.db, ctx.user, ctx.env.sessionSecret, thisSession(ctx.req))),
  endSession: adminProcedure
    .meta({
      changesContent: false,
      audit: 'session',
      openapi: { method: 'DELETE', path: '/admin/sessions/{id}', tags, summary: 'End one of your sessions', protect: true },
    })
    .input(SessionIdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const wasThis = await service.endSession(ctx.db, ctx.user, ctx.env.sessionSecret, thisSession(ctx.req), input.id);
      if (wasThis) await ctx.req.session.destroy();
      return { ok: true as const };
    }),
});
