import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';

// Set-up through the API, shared by the fixtures (fixtures.ts) and by files that set up once
// in `test.beforeAll` (decision 0091). The harness only starts the server and watches pages.

/** The administrator every browser test server starts with. */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' } as const;

/** The post's zone in the tests' events (the demo site's own). */
export const POST_ZONE = 'America/New_York';

/** A context (`BrowserContext`) or its request (`APIRequestContext`): both send the context's cookies. */
type Requester = BrowserContext | APIRequestContext;
const requestOf = (r: Requester): APIRequestContext => ('request' in r ? r.request : r);

/** Signs a browser context (or a request context) in as the test administrator through the API. */
export async function apiSignInAdmin(context: Requester): Promise<void> {
  const res = await requestOf(context).post('/api/login', { data: E2E_ADMIN });
  if (res.status() !== 200) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Creates a community event from 12:00 to 15:00 on `date` in `zone` (administrator context); returns its id. */
export async function createCommunityEvent(context: Requester, title: string, description: string, date: string, zone: string): Promise<number> {
  const res = await requestOf(context).post('/api/events', {
    data: {
      title,
      description,
      location: 'Post Home, 100 Main Street',
      startDate: zonedToUtc(date, '12:00', zone).toISOString(),
      endDate: zonedToUtc(date, '15:00', zone).toISOString(),
      type: 'community',
      volunteerPositions: 5,
    },
  });
  if (res.status() !== 200) throw new Error(`event creation failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** One shift of an event to create: times are the post's local times on the event's day. */
export interface ShiftPlan {
  role: string;
  from: string;
  to: string;
  capacity: number;
  note?: string;
}

/** What to create for an event with shifts; every field has a default (a fish fry five days ahead). */
export interface EventPlan {
  title?: string;
  description?: string;
  location?: string;
  type?: 'community' | 'fundraiser' | 'meeting' | 'special';
  /** Days from today in the post's zone. */
  daysAhead?: number;
  from?: string;
  to?: string;
  shifts?: ShiftPlan[];
}

export interface EventWithShifts {
  id: number;
  title: string;
  /** The event's day in the post's zone (YYYY-MM-DD). */
  date: string;
  shifts: { id: number; role: string; capacity: number }[];
}

/** Creates an event with shifts through the API (administrator context), as the event form would. */
export async function createEventWithShifts(context: Requester, plan: EventPlan = {}): Promise<EventWithShifts> {
  const date = utcToZoned(new Date(Date.now() + (plan.daysAhead ?? 5) * 86_400_000), POST_ZONE).date;
  const at = (time: string) => zonedToUtc(date, time, POST_ZONE).toISOString();
  const title = plan.title ?? 'Fish Fry';
  const shifts = plan.shifts ?? [
    { role: 'Server', from: '11:00', to: '14:00', capacity: 4, note: 'Aprons provided' },
    { role: 'Cashier', from: '11:00', to: '14:00', capacity: 1 },
  ];
  const res = await requestOf(context).post('/api/events', {
    data: {
      title,
      description: plan.description ?? 'Fish, fries and coleslaw.',
      location: plan.location ?? 'Post Home, 100 Main Street',
      startDate: at(plan.from ?? '11:00'),
      endDate: at(plan.to ?? '14:00'),
      type: plan.type ?? 'fundraiser',
      shifts: shifts.map((s) => ({ role: s.role, startDate: at(s.from), endDate: at(s.to), capacity: s.capacity, ...(s.note ? { note: s.note } : {}) })),
    },
  });
  if (res.status() !== 200) throw new Error(`event creation failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { id: number; shifts: { id: number; role: string; capacity: number }[] };
  return { id: body.id, title, date, shifts: body.shifts.map(({ id, role, capacity }) => ({ id, role, capacity })) };
}

/** One shift of an event set by its start instant: minutes from the event's start. */
export interface ShiftFromStart {
  role: string;
  from: number;
  to: number;
  capacity: number;
}

/** What to create for an event set by its start instant: shifts, or else places for volunteers. */
export interface TimedEventPlan {
  title: string;
  start: Date;
  minutes: number;
  shifts?: ShiftFromStart[];
  volunteerPositions?: number;
  description?: string;
  location?: string;
  type?: EventPlan['type'];
}

/**
 * Creates an event (community, unless `type`) from `start` for `minutes`, its shifts in minutes
 * from its start (administrator context): an event under way or about to start, as the door's
 * and the service hours' tests need.
 */
export async function createEventStartingAt(context: Requester, plan: TimedEventPlan): Promise<{ id: number; shifts: { id: number; role: string }[] }> {
  const plus = (m: number) => new Date(plan.start.getTime() + m * 60_000).toISOString();
  const res = await requestOf(context).post('/api/events', {
    data: {
      title: plan.title,
      description: plan.description ?? 'At the post.',
      location: plan.location ?? 'Post Home',
      startDate: plus(0),
      endDate: plus(plan.minutes),
      type: plan.type ?? 'community',
      ...(plan.volunteerPositions === undefined ? {} : { volunteerPositions: plan.volunteerPositions }),
      ...(plan.shifts ? { shifts: plan.shifts.map((s) => ({ role: s.role, startDate: plus(s.from), endDate: plus(s.to), capacity: s.capacity })) } : {}),
    },
  });
  if (res.status() !== 200) throw new Error(`event creation failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; shifts: { id: number; role: string }[] };
}

/** Signs a volunteer up through the API, as the sign-up form does (on the waitlist when `waitlist` and full); returns the sign-up's id. */
export async function signUpVolunteer(
  context: Requester,
  volunteer: { eventId: number; name: string; email: string; shiftId?: number; waitlist?: boolean },
): Promise<number> {
  const res = await requestOf(context).post('/api/volunteers', { data: volunteer });
  if (res.status() >= 300) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Demo member numbers and password printed by a seeded server (`output`: the lines it printed). */
export function demoMembers(site: { output: string[] }): { password: string; numbers: string[] } {
  const i = site.output.findIndex((l) => l.includes('Demo members with portal access'));
  if (i < 0) throw new Error('the server printed no demo members');
  const password = site.output[i + 1]!.trim();
  const numbers = site.output
    .slice(i + 2)
    .map((l) => l.trim().split(/\s+/)[0]!)
    .filter((n) => /^M-\d+$/.test(n));
  return { password, numbers };
}
