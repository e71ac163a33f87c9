import { z } from 'zod';
import {
  AdminVolunteersInput,
  AdminVolunteersPage,
  CreateVolunteerInput,
  ManageAction,
  ManageResult,
  ManageTokenInput,
  RemoveVolunteerResult,
  ResendLinkInput,
  ResendLinkResult,
  MySignUpsSchema,
  SignUpResultSchema,
  VolunteersByEventInput,
  VolunteerViewSchema,
} from '@post/contracts/volunteers';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, publicProcedure, router, staffViewer } from '../../trpc.ts';
import { CancelPreviewSchema, CancelSignUpInput, CancelSignUpResult } from '@post/contracts/mail';
import { previewCancel } from './volunteer-mail.ts';
import { queueRemovalNotice } from './change-notices.ts';
import * as service from './volunteers.service.ts';
import { rosterPage } from './roster.service.ts';
import { promoteByHand } from './waitlist.ts';
import { manageSignUps, mySignUps } from './manage.service.ts';
import { resendManageLink } from './resend-link.ts';
import { audited } from '../audit/audit.ts';
import { clientIp } from '../../lib/session.ts';
import type { DB } from '@post/db';

const tags = ['Volunteers'];

/** Volunteer sign-ups: public sign-up and list (contact details for administrators only), removal by administrators. */
export const volunteersRouter = router({
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/volunteers', tags, summary: "An event's volunteers" } })
    .input(VolunteersByEventInput)
    .output(z.array(VolunteerViewSchema))
    .query(async ({ ctx, input }) => service.listVolunteers(ctx.db, input.eventId, Boolean(await staffViewer(ctx)))),
  roster: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/volunteers',
        tags,
        summary:
          'The volunteer roster: sign-ups of events that have not ended (event, date, name, e-mail, phone, role, signed up at), by eventId and q (name, e-mail, phone, role or event title), 25 a page with the total; the CSV is GET /api/admin/volunteers.csv',
        protect: true,
      },
    })
    .input(AdminVolunteersInput)
    .output(AdminVolunteersPage)
    .query(({ ctx, input }) => rosterPage(ctx.db, input)),
  create: publicProcedure
    .meta({
      changesContent: true,
      audit: { none: "a visitor's own sign-up; the sign-up row is the record" },
      openapi: {
        method: 'POST',
        path: '/volunteers',
        tags,
        summary:
          'Sign up to volunteer for an event: shiftId is required when the event has shifts (shiftIds for several, one confirmation); with waitlist=true a full shift or event answers 201 { status: "waitlisted", position } instead of 409',
      },
    })
    .input(CreateVolunteerInput)
    .output(SignUpResultSchema)
    .mutation(({ ctx, input }) => service.signUp(ctx.db, clientIp(ctx.req), ctx.env.siteUrl, input)),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'volunteer',
      openapi: {
        method: 'DELETE',
        path: '/volunteers/{id}',
        tags,
        summary:
          'Remove a volunteer sign-up (404 when missing); the volunteer is told by e-mail and the place goes to the first person waiting, who is told "You\'re in" (promoted names them)',
        protect: true,
      },
    })
    .input(IdInput)
    .output(RemoveVolunteerResult)
    .mutation(async ({ ctx, input }) => {
      // The sign-up as it was (name, contacts, event) is what the entry keeps of it.
      const before = (trx: DB) =>
        trx.selectFrom('volunteers').select(['id', 'eventId', 'name', 'email', 'phone', 'role']).where('id', '=', input.id).executeTakeFirst();
      // The volunteer hears of it by e-mail, queued in the removal's transaction (issue 20 #5).
      const promoted = await audited(ctx, { entity: 'volunteer', action: 'delete', id: input.id, before }, async (trx) => {
        await queueRemovalNotice(trx, ctx.env.siteUrl, input.id);
        return service.removeVolunteer(trx, input.id, ctx.env.siteUrl);
      });
      return { ok: true as const, promoted };
    }),
  promote: adminProcedure
    .meta({
      changesContent: true,
      audit: 'volunteer',
      openapi: {
        method: 'POST',
        path: '/volunteers/{id}/promote',
        tags,
        summary:
          'Give a waiting sign-up a place by hand, whatever the capacity (400 when it is not waiting, 404 when missing); the volunteer is told "You\'re in"',
        protect: true,
      },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) =>
        trx.selectFrom('volunteers').select(['id', 'eventId', 'shiftId', 'name', 'status']).where('id', '=', input.id).executeTakeFirst();
      await audited(ctx, { entity: 'volunteer', action: 'promote', id: input.id, before }, (trx) => promoteByHand(trx, ctx.env.siteUrl, input.id));
      return { ok: true as const };
    }),
  // The confirmation's link (issue 43): null rather than a 4xx for a link no longer valid, as cancelPreview.
  mine: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/volunteers/mine',
        tags,
        summary: "One person's sign-ups for an event, by the token of their confirmation's link, with the event's shifts (null when the link is not valid)",
      },
    })
    .input(ManageTokenInput)
    .output(MySignUpsSchema.nullable())
    .query(({ ctx, input }) => mySignUps(ctx.db, ctx.env.mail.linkSecret, input.token)),
  manage: publicProcedure
    .meta({
      changesContent: true,
      audit: 'volunteer',
      openapi: {
        method: 'POST',
        path: '/volunteers/mine',
        tags,
        summary:
          "With the confirmation's token: action=cancel one of the person's sign-ups (volunteerId), or action=add a shift (shiftId; its waitlist when full)",
      },
    })
    .input(ManageAction)
    .output(ManageResult)
    .mutation(({ ctx, input }) => manageSignUps(ctx.db, ctx.env.mail.linkSecret, ctx.env.siteUrl, input, clientIp(ctx.req))),
  // A second sign-up with the same address offers this (decision 0096): the link, mailed again.
  resendLink: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a visitor's own request to have their sign-ups' link mailed again; the outbox keeps the message" },
      openapi: {
        method: 'POST',
        path: '/volunteers/resend-link',
        tags,
        summary:
          "Mail the link to one's sign-ups for an event again, to the address that signed up: at most once per person and event every 15 minutes (status recent), and the same answer whether or not the address signed up",
      },
    })
    .input(ResendLinkInput)
    .output(ResendLinkResult)
    .mutation(({ ctx, input }) => resendManageLink(ctx.db, clientIp(ctx.req), ctx.env.siteUrl, input)),
  cancel: publicProcedure
    .meta({
      changesContent: true,
      audit: 'volunteer',
      openapi: { method: 'POST', path: '/volunteers/cancel', tags, summary: 'Cancel a sign-up with the token from its confirmation e-mail' },
    })
    .input(CancelSignUpInput)
    .output(CancelSignUpResult)
    .mutation(({ ctx, input }) => service.cancelByToken(ctx.db, ctx.env.mail.linkSecret, ctx.env.siteUrl, input.token, clientIp(ctx.req))),
  // Null rather than a 4xx for a used or expired link: the page shows the message, and a
  // browser reports every failed request in its console.
  cancelPreview: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/volunteers/cancel',
        tags,
        summary: 'The sign-up a cancel link is for, without cancelling it (null when the link is used or expired)',
      },
    })
    .input(CancelSignUpInput)
    .output(CancelPreviewSchema.nullable())
    .query(({ ctx, input }) => previewCancel(ctx.db, ctx.env.mail.linkSecret, input.token)),
});
