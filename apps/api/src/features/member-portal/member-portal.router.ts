import { z } from 'zod';
import { MemberCommunicationSchema } from '@post/contracts/member-communications';
import { PortalResourceSchema } from '@post/contracts/member-resources';
import { memberProcedure, router } from '../../trpc.ts';
import * as service from './member-portal.service.ts';
import { MailPreferencesInput, MailPreferencesSchema } from '@post/contracts/mail';
import { MemberDuesSchema } from '@post/contracts/member-payments';
import { cancelStaleReminders } from '../renewals/reminders.ts';

const tags = ['Member portal'];

/** What a signed-in member reads in the portal; the server applies the audience rules. */
export const memberPortalRouter = router({
  communications: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/communications', tags, summary: 'Communications for this member, newest first', protect: true } })
    .input(z.void())
    .output(z.array(MemberCommunicationSchema))
    .query(({ ctx }) => service.communicationsForMember(ctx.db, ctx.member)),
  resources: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/member/resources',
        tags,
        summary: 'Resources this member may open (download: /member/resources/{id}/download)',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(PortalResourceSchema))
    .query(({ ctx }) => service.portalResources(ctx.db, ctx.member)),
  dues: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/member/dues',
        tags,
        summary: 'The year this member is paid through, their dues status and where to renew',
        protect: true,
      },
    })
    .input(z.void())
    .output(MemberDuesSchema)
    .query(({ ctx }) => service.duesForMember(ctx.db, ctx.member.id)),
  mailPreferences: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/mail-preferences', tags, summary: "The member's e-mail choice (non-urgent notices)", protect: true } })
    .input(z.void())
    .output(MailPreferencesSchema)
    .query(async ({ ctx }) => {
      return ctx.db.selectFrom('members').select(['emailNotices', 'renewalReminders']).where('id', '=', ctx.member.id).executeTakeFirstOrThrow();
    }),
  setMailPreferences: memberProcedure
    .meta({
      changesContent: false,
      audit: { none: "a member's own mail preferences, behind their own sign-in" },
      openapi: {
        method: 'POST',
        path: '/member/mail-preferences',
        tags,
        summary: 'Turn non-urgent notices or renewal reminders by e-mail on or off (urgent notices always go)',
        protect: true,
      },
    })
    .input(MailPreferencesInput)
    .output(MailPreferencesSchema)
    .mutation(async ({ ctx, input }) => {
      const prefs = await ctx.db
        .updateTable('members')
        .set({ ...input, updatedAt: new Date() })
        .where('id', '=', ctx.member.id)
        .returning(['emailNotices', 'renewalReminders'])
        .executeTakeFirstOrThrow();
      // Opting out cancels a reminder already queued (decision 0086).
      await cancelStaleReminders(ctx.db, [ctx.member.id]);
      return prefs;
    }),
});
