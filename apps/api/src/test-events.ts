import { expect } from 'vitest';
import type { DB } from '@post/db';
import type { Agent } from './test-agent.ts';

// Events and sign-ups as the tests build them (decision 0100): through the API as the event form
// and the sign-up form send them, or straight in the database for an event under way or past.

const HOUR = 60 * 60 * 1000;

/** One shift of an event to create: its role, its places, and its times in hours from now. */
export interface ShiftSpec {
  role: string;
  capacity: number;
  from: number;
  to: number;
  note?: string;
}

/** An event as POST /api/events answers it, with its shifts. */
export interface EventWithShifts {
  id: number;
  seriesId: number | null;
  volunteerPositions: number;
  volunteerCount: number;
  shifts: { id: number; role: string; startDate: string; endDate: string; capacity: number; filled: number; waitlisted: number; note: string | null }[];
  [field: string]: unknown;
}

/**
 * An event created by an administrator through the API, as the event form sends it: it spans its
 * shifts unless `fields` give other dates; `fields` override any other part of the request too.
 */
export async function createEventWithShifts(admin: Agent, shifts: ShiftSpec[], fields: Record<string, unknown> = {}): Promise<EventWithShifts> {
  const now = Date.now();
  const hoursFromNow = (hours: number) => new Date(now + hours * HOUR).toISOString();
  const res = await admin.post('/api/events', {
    title: 'Poppy Day',
    description: 'd',
    location: 'Main Street',
    startDate: hoursFromNow(Math.min(...shifts.map((s) => s.from))),
    endDate: hoursFromNow(Math.max(...shifts.map((s) => s.to))),
    shifts: shifts.map((s) => ({
      role: s.role,
      startDate: hoursFromNow(s.from),
      endDate: hoursFromNow(s.to),
      capacity: s.capacity,
      ...(s.note === undefined ? {} : { note: s.note }),
    })),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The sign-up form's fields for person `k` (Person k, k@example.org) on an event. */
export const person = (k: string, eventId: number, extra: Record<string, unknown> = {}) => ({
  name: `Person ${k}`,
  email: `${k}@example.org`,
  eventId,
  ...extra,
});

/** An event at the Hall inserted straight in the database, from `start` for `hours`, with one sign-up per name (its e-mail made of the name). */
export async function insertEventWithSignUps(
  db: DB,
  event: { title: string; start: Date; hours: number; names?: string[]; serviceCategoryId?: number },
): Promise<{ eventId: number; start: Date; ids: number[] }> {
  const row = await db
    .insertInto('events')
    .values({
      title: event.title,
      description: 'x',
      location: 'Hall',
      startDate: event.start,
      endDate: new Date(event.start.getTime() + event.hours * HOUR),
      ...(event.serviceCategoryId === undefined ? {} : { serviceCategoryId: event.serviceCategoryId }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const name of event.names ?? []) {
    const v = await db
      .insertInto('volunteers')
      .values({ eventId: row.id, name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.org` })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(v.id);
  }
  return { eventId: row.id, start: event.start, ids };
}
