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
import { adminProcedure, publicProcedure, router, staffViewer } from '../../trpc.ts';
import * as service from './events.service.ts';
import * as writes from './event-writes.ts';
import { movedOrRelocated, queueEventNotices, queueShiftNotices } from '../volunteers/change-notices.ts';
import { promoteEvent } from '../volunteers/waitlist.ts';
import type { ShiftWatch } from './shifts.service.ts';
import type { Context } from '../../trpc.ts';
import type { AuditChanges, DB } from '@post/db';
import type { Event, EventDetail } from '@post/contracts/events';
import { audited, diffFields, type AuditContext } from '../audit/audit.ts';

/** The edited event (and with scope=following its later occurrences) that have people waiting. */
async function eventsWithWaitlist(trx: DB, event: Event, scope: string): Promise<number[]> {
  let ids = trx.selectFrom('events').select('id').where('id', '=', event.id);
  if (scope === 'following' && event.seriesId !== null)
    ids = trx.selectFrom('events').select('id').where('seriesId', '=', event.seriesId).where('startDate', '>=', new Date(event.startDate));
  const rows = await trx.selectFrom('volunteers').select('eventId').distinct().where('status', '=', 'waitlisted').where('eventId', 'in', ids).execute();
  return rows.map((r) => r.eventId);
}

// Issue 19: volunteers hear of a change of time or place and of a deletion, in the same
// transaction as the edit (unless the administrator unticks "Tell volunteers"). Issue 43: of a
// shift moved or removed too, on every date the edit changes (scope=following: each later one).
async function updateAndNotify(ctx: AuditContext & Context, input: UpdateEventInput, userId: number) {
  const what = { entity: 'event' as const, action: 'update' as const, before: (trx: DB) => service.eventById(trx, input.id, false) };
  // scope 'following' changes the later occurrences of the series too: the entry says so.
  return audited(
    ctx,
    { ...what, changes: (after: Event, old) => withScope(diffFields(old ? pick(old, after) : null, after), input.scope) },
    async (trx: DB) => {
      const notify = input.notifyVolunteers;
      const url = ctx.env.siteUrl;
      const dates = await writes.datesOfEdit(trx, input.id, input.scope);
      // Each date's moved shifts; a removed shift's volunteers are told before its sign-ups go with it.
      const movedShifts = new Map<number, number[]>();
      const watch: ShiftWatch = {
        removing: async (eventId, shiftIds) => {
          if (notify) await queueShiftNotices(trx, url, eventId, shiftIds, true);
        },
        moved: (eventId, shiftIds) => void movedShifts.set(eventId, shiftIds),
      };
      const event = await writes.updateEvent(trx, input, userId, new Date(), watch);
      // One notice a person a date: of the date when it moved, else of their shift when it did.
      if (notify)
        for (const before of dates) {
          const after = await trx.selectFrom('events').select(['startDate', 'endDate', 'location']).where('id', '=', before.id).executeTakeFirst();
          if (after && movedOrRelocated(before, after)) await queueEventNotices(trx, url, before.id, false);
          else if (after) await queueShiftNotices(trx, url, before.id, movedShifts.get(before.id) ?? [], false);
        }
      // A place freed by more capacity goes to the first waiting of that date, in this transaction (decision 0064).
      let promoted = 0;
      for (const id of await eventsWithWaitlist(trx, event, input.scope)) promoted += (await promoteEvent(trx, url, id)).length;
      return promoted ? service.eventOf(trx, input.id) : event;
    },
  );
}

async function deleteAndNotify(ctx: AuditContext & Context, input: DeleteEventInput) {
  const what = { entity: 'event' as const, action: 'delete' as const, id: input.id, before: (trx: DB) => service.eventById(trx, input.id, false) };
  const changes = (r: DeleteEventResult, old: EventDetail | undefined): AuditChanges => ({
    ...withScope(diffFields(old ? pick(old, { title: 1, startDate: 1, endDate: 1, location: 1, type: 1 }) : null, null), input.scope),
    ...counts(r),
  });
  return audited(ctx, { ...what, changes }, async (trx: DB) => {
    // scope=following: the volunteers of every date that goes hear of it, not only this one's.
    if (input.notifyVolunteers) for (const id of await writes.idsToDelete(trx, input.id, input.scope)) await queueEventNotices(trx, ctx.env.siteUrl, id, true);
    return writes.deleteEvent(trx, input.id, input.scope);
  });
}

/** The keys of `shape` taken from `value`: the record before, in the shape the write answers. */
function pick(value: object, shape: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).map((k) => [k, (value as Record<string, unknown>)[k]]));
}

function withScope(changes: AuditChanges, scope: string | undefined): AuditChanges {
  return scope && scope !== 'this' ? { ...changes, scope: { old: null, new: scope } } : changes;
}

function counts(r: DeleteEventResult): AuditChanges {
  return Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => k !== 'ok')
      .map(([k, v]) => [k, { old: null, new: v }]),
  );
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
    .query(({ ctx, input }) => writes.deletePreview(ctx.db, input.id, input.scope)),
  byId: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/events/{id}', tags, summary: 'One event with its volunteers (contact details for administrators only)' },
    })
    .input(IdInput)
    .output(EventDetailSchema)
    .query(async ({ ctx, input }) => service.eventById(ctx.db, input.id, Boolean(await staffViewer(ctx)))),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'event',
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
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'event', action: 'create' }, (trx) => writes.createEvent(trx, input, ctx.user.id))),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'event',
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
      audit: 'event',
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
