import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';

/** Non-JSON event routes: the iCalendar feed /api/events.ics and one file per event. */
export async function eventsRoutes(_app: FastifyInstance, _deps: { db: DB; env: Env }): Promise<void> {
  // Filled in by the public-website issue.
}
