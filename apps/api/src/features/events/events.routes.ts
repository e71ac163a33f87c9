import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DB } from '@post/db';
import { serverMessages } from '@post/contracts/messages/server';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { buildCalendar } from './events.ics.ts';
import { calendarEvent, calendarFeedEvents, type CalendarEventRow } from './calendar-rows.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';

async function calendarText(deps: { db: DB; env: Env }, events: CalendarEventRow[]): Promise<string> {
  const settings = await getSettings(deps.db);
  return buildCalendar(events, { postName: settings.postName, timeZone: settings.timeZone, baseUrl: deps.env.siteUrl });
}

/**
 * Non-JSON event routes (decisions §4): the iCalendar feed /api/events.ics (the post's own
 * events, not holidays) that calendar apps subscribe to, and /api/events/{id}.ics, one event
 * for "Add to calendar".
 */
export async function eventsRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get<{ Querystring: { download?: string } }>('/api/events.ics', async (req, reply) => {
    const body = await calendarText(deps, await calendarFeedEvents(deps.db));
    // Inline, so webcal:// subscriptions and "open with" work; ?download asks for a file.
    const disposition = req.query.download !== undefined ? 'attachment' : 'inline';
    return (
      reply
        .type(ICS_TYPE)
        .header('Content-Disposition', `${disposition}; filename="events.ics"`)
        // Calendar apps poll on their own schedule (REFRESH-INTERVAL); a browser's Export should get today's events.
        .header('Cache-Control', 'no-cache')
        .send(body)
    );
  });

  // Only numeric ids end up here; anything else falls through to the JSON routes (and a 400 or 404).
  app.get<{ Params: { id: string } }>('/api/events/:id(^\\d{1,10}).ics', async (req, reply: FastifyReply) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return reply.code(404).send({ message: serverMessages.notFound('Event') });
    let event: CalendarEventRow;
    try {
      event = await calendarEvent(deps.db, id);
    } catch (e) {
      if (e instanceof AppError && e.code === 'NOT_FOUND') return reply.code(404).send({ message: e.message });
      throw e;
    }
    const body = await calendarText(deps, [event]);
    return reply.type(ICS_TYPE).header('Content-Disposition', `attachment; filename="event-${id}.ics"`).header('Cache-Control', 'no-cache').send(body);
  });
}
