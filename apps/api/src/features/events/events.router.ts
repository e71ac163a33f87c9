import { z } from 'zod';
import { CreateEventInput, EventDetailSchema, EventSchema, EventWithVolunteersSchema, UpdateEventInput } from '@post/contracts/events';
import { IdInput, Ok } from '@post/contracts/common';
import { adminProcedure, currentAdmin, publicProcedure, router } from '../../trpc.ts';
import * as service from './events.service.ts';

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
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/events/{id}', tags, summary: "One event with its volunteers (contact details for administrators only)" } })
    .input(IdInput)
    .output(EventDetailSchema)
    .query(async ({ ctx, input }) => service.eventById(ctx.db, input.id, Boolean(await currentAdmin(ctx)))),
  create: adminProcedure
    .meta({ changesContent: true, openapi: { method: 'POST', path: '/events', tags, summary: 'Create an event', protect: true } })
    .input(CreateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => service.createEvent(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ changesContent: true, openapi: { method: 'PUT', path: '/events/{id}', tags, summary: 'Replace an event', protect: true } })
    .input(UpdateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => service.updateEvent(ctx.db, input)),
  remove: adminProcedure
    .meta({ changesContent: true, openapi: { method: 'DELETE', path: '/events/{id}', tags, summary: 'Delete an event and its volunteers', protect: true } })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.deleteEvent(ctx.db, input.id);
      return { ok: true as const };
    }),
});
