import { z } from 'zod';
import {
  AdminEventsInput,
  AdminEventsPage,
  CreateEventInput,
  DeleteEventInput,
  DeleteEventResult,
  DeletePreviewInput,
  DeletePreviewResult,
  EventDetailSchema,
  EventSchema,
  EventWithVolunteersSchema,
  UpdateEventInput,
} from '@post/contracts/events';
import { IdInput } from '@post/contracts/common';
import { adminProcedure, currentAdmin, publicProcedure, router } from '../../trpc.ts';
import * as service from './events.service.ts';
import { mailBaseUrl } from '../mail/context.ts';
import { movedOrRelocated, queueEventNotices } from '../volunteers/volunteer-mail.ts';
import type { Context } from '../../trpc.ts';

// Issue 19: volunteers hear of a change of time or place and of a deletion, in the same
// transaction as the edit (unless the administrator unticks "Tell volunteers").
async function updateAndNotify(ctx: Context, input: UpdateEventInput, userId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('events').select(['startDate', 'endDate', 'location']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    // scope=following may move later dates too: their volunteers hear of it as well (issue 20).
    const later = input.scope === 'following' && input.notifyVolunteers ? await service.laterOccurrencesWithSignups(trx, input.id) : [];
    const event = await service.updateEvent(trx, input, userId);
    if (before && input.notifyVolunteers && movedOrRelocated(before, event)) await queueEventNotices(trx, mailBaseUrl(ctx.env, ctx.req), input.id, false);
    for (const old of later) {
      const now = await trx.selectFrom('events').select(['startDate', 'endDate', 'location']).where('id', '=', old.id).executeTakeFirst();
      if (now && movedOrRelocated(old, now)) await queueEventNotices(trx, mailBaseUrl(ctx.env, ctx.req), old.id, false);
    }
    return event;
  });
}

async function deleteAndNotify(ctx: Context, input: DeleteEventInput) {
  return ctx.db.transaction().execute(async (trx) => {
    // scope=following: the volunteers of every date that goes hear of it, not only this one's.
    if (input.notifyVolunteers)
      for (const id of await service.idsToDelete(trx, input.id, input.scope)) await queueEventNotices(trx, mailBaseUrl(ctx.env, ctx.req), id, true);
    return service.deleteEvent(trx, input.id, input.scope);
  });
}

const tags = ['Events'];

/** Events of the calendar: public reads, administrator writes. */
export const eventsRouter = router({
  list: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/events', tags, summary: 'Every event, soonest first' } })
    .input(z.void())
    .output(z.array(EventSchema))
    .query(({ ctx }) => service.listEvents(ctx.db)),
  upcoming: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/events/upcoming', tags, summary: 'Events that have not started yet, with volunteer names' } })
    .input(z.void())
    .output(z.array(EventWithVolunteersSchema))
    .query(({ ctx }) => service.upcomingEvents(ctx.db)),
  adminList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/events',
        tags,
        summary: 'The dashboard list: when=upcoming (not ended, soonest first) or past (latest first), q searches title and location, 25 a page with the total',
        protect: true,
      },
    })
    .input(AdminEventsInput)
    .output(AdminEventsPage)
    .query(({ ctx, input }) => service.adminEvents(ctx.db, input)),
  deletePreview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/events/{id}/delete-preview',
        tags,
        summary: 'What DELETE /api/events/{id} with this scope would remove: how many events and volunteer sign-ups (for the confirmation)',
        protect: true,
      },
    })
    .input(DeletePreviewInput)
    .output(DeletePreviewResult)
    .query(({ ctx, input }) => service.deletePreview(ctx.db, input.id, input.scope)),
  byId: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/events/{id}', tags, summary: 'One event with its volunteers (contact details for administrators only)' },
    })
    .input(IdInput)
    .output(EventDetailSchema)
    .query(async ({ ctx, input }) => service.eventById(ctx.db, input.id, Boolean(await currentAdmin(ctx)))),
  create: adminProcedure
    .meta({
      changesContent: true,
      openapi: {
        method: 'POST',
        path: '/events',
        tags,
        summary:
          'Create an event; with recurrence { rule (RFC 5545 RRULE), onHoliday }, a series whose occurrences exist for the next 18 months (the answer is the first)',
        protect: true,
      },
    })
    .input(CreateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => service.createEvent(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({
      changesContent: true,
      openapi: {
        method: 'PUT',
        path: '/events/{id}',
        tags,
        summary:
          'Replace an event; scope=this detaches an occurrence from its series, scope=following changes it and every later occurrence; notifyVolunteers (default true) tells its volunteers of a new time or place',
        protect: true,
      },
    })
    .input(UpdateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => updateAndNotify(ctx, input, ctx.user.id)),
  remove: adminProcedure
    .meta({
      changesContent: true,
      openapi: {
        method: 'DELETE',
        path: '/events/{id}',
        tags,
        summary:
          'Delete an event and its sign-ups; scope=following also deletes the later occurrences of its series; notifyVolunteers (default true) tells the volunteers. Answers how many events and sign-ups went',
        protect: true,
      },
    })
    .input(DeleteEventInput)
    .output(DeleteEventResult)
    .mutation(({ ctx, input }) => deleteAndNotify(ctx, input)),
});
