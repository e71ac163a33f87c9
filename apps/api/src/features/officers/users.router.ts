import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import {
  AcceptInvitationInput,
  CreateStaffInput,
  InvitationInfoSchema,
  InvitationQuery,
  ResetStaffPasswordInput,
  StaffAccountSchema,
  UpdateStaffInput,
} from '@post/contracts/officers';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { clientIp } from '../../lib/session.ts';
import * as invitations from './invitations.service.ts';
import * as service from './users.service.ts';

const tags = ['Administrators'];

/** Staff accounts (administrators only) and the invitation link (anyone holding it). */
export const usersRouter = router({
  list: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/users', tags, summary: 'Every staff account (administrators and editors)', protect: true } })
    .input(z.void())
    .output(z.array(StaffAccountSchema))
    .query(({ ctx }) => service.listUsers(ctx.db)),
  create: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: {
        method: 'POST',
        path: '/admin/users',
        tags,
        summary:
          'Add an account: with temporaryPassword it must be changed at the first sign-in; without, an invitation link (72 hours, single use) is e-mailed',
        protect: true,
      },
    })
    .input(CreateStaffInput)
    .output(StaffAccountSchema)
    .mutation(({ ctx, input }) => service.createUser(ctx.db, ctx.user, clientIp(ctx.req), ctx.env.siteUrl, input)),
  update: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: {
        method: 'PATCH',
        path: '/admin/users/{id}',
        tags,
        summary: 'Change an account (name, e-mail, role, disabled, resetTwoFactor); a new role or disabling ends its sessions',
        protect: true,
      },
    })
    .input(UpdateStaffInput)
    .output(StaffAccountSchema)
    .mutation(({ ctx, input }) => service.updateUser(ctx.db, ctx.user, clientIp(ctx.req), input)),
  remove: administratorProcedure
    .meta({ changesContent: false, audit: 'user', openapi: { method: 'DELETE', path: '/admin/users/{id}', tags, summary: 'Remove an account', protect: true } })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.removeUser(ctx.db, ctx.user, clientIp(ctx.req), input.id);
      return { ok: true as const };
    }),
  resetPassword: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/reset-password',
        tags,
        summary: "Reset an account's password: a temporary one, or a link by e-mail; its sessions end",
        protect: true,
      },
    })
    .input(ResetStaffPasswordInput)
    .output(StaffAccountSchema)
    .mutation(({ ctx, input }) => service.resetUserPassword(ctx.db, ctx.user, clientIp(ctx.req), ctx.env.siteUrl, input)),
  invitation: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/invitation', tags, summary: 'Whose invitation link this is, while it still works (404 otherwise)' } })
    .input(InvitationQuery)
    .output(InvitationInfoSchema)
    .query(({ ctx, input }) => invitations.invitationInfo(ctx.db, input.token)),
  acceptInvitation: publicProcedure
    .meta({
      changesContent: false,
      audit: 'user',
      openapi: { method: 'POST', path: '/invitation', tags, summary: 'Set the password with an invitation link (once)' },
    })
    .input(AcceptInvitationInput)
    .output(z.object({ username: z.string() }))
    .mutation(({ ctx, input }) => invitations.acceptInvitation(ctx.db, clientIp(ctx.req), input)),
});
