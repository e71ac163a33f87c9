import { z } from 'zod';
import { CreateEventInput, DeleteEventInput, DeleteEventResult, EventDetailSchema, EventSchema, EventWithVolunteersSchema, UpdateEventInput } from '@post/contracts/events';
import { IdInput } from '@post/contracts/common';
import { adminProcedure, currentAdmin, publicProcedure, router } from '../../trpc.ts';
import * as service from './events.service.ts';

const tags = ['Events'];

/** Events of the calendar: public reads, administrator writes. */
export const eventsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/events', tags, summary: 'Every event, soonest first' } })
    .input(z.void())
    .output(z.array(EventSchema))
    .query(({ ctx }) => service.listEvents(ctx.db)),
  upcoming: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/events/upcoming', tags, summary: 'Events that have not started yet, with volunteer names' } })
    .input(z.void())
    .output(z.array(EventWithVolunteersSchema))
    .query(({ ctx }) => service.upcomingEvents(ctx.db)),
  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/events/{id}', tags, summary: "One event with its volunteers (contact details for administrators only)" } })
    .input(IdInput)
    .output(EventDetailSchema)
    .query(async ({ ctx, input }) => service.eventById(ctx.db, input.id, Boolean(await currentAdmin(ctx)))),
  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/events', tags, summary: 'Create an event; with recurrence { rule (RFC 5545 RRULE), onHoliday }, a series whose occurrences exist for the next 18 months (the answer is the first)', protect: true } })
    .input(CreateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => service.createEvent(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/events/{id}', tags, summary: 'Replace an event; scope=this detaches an occurrence from its series, scope=following changes it and every later occurrence', protect: true } })
    .input(UpdateEventInput)
    .output(EventSchema)
    .mutation(({ ctx, input }) => service.updateEvent(ctx.db, input, ctx.user.id)),
  remove: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/events/{id}', tags, summary: 'Delete an event and its sign-ups; scope=following also deletes the later occurrences of its series. Answers how many events and sign-ups went', protect: true } })
    .input(DeleteEventInput)
    .output(DeleteEventResult)
    .mutation(({ ctx, input }) => service.deleteEvent(ctx.db, input.id, input.scope)),
});
