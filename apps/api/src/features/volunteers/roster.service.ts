import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import type { SignUpStatus } from '@post/contracts/enums/sign-up-status';
import type { AdminVolunteersPage, RosterRow } from '@post/contracts/volunteers';
import { likePattern, PAGE_SIZE } from '@post/contracts/paging';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { waitlistPositions } from '../events/shifts.service.ts';

/**
 * The volunteer roster (issue 20): sign-ups of events that have not ended, by event date then
 * sign-up time, filtered by event and a search over name, e-mail, phone, role and event title.
 */
export interface RosterFilter {
  eventId?: number;
  q?: string;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

function rosterQuery(db: DB, f: RosterFilter, now: Date) {
  let q = db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .where('e.endDate', '>=', now);
  if (f.eventId !== undefined) q = q.where('v.eventId', '=', f.eventId);
  if (f.q) {
    const like = likePattern(f.q);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.name)`, 'like', like),
        eb(sql<string>`lower(v.email)`, 'like', like),
        eb(sql<string>`lower(coalesce(v.phone, ''))`, 'like', like),
        eb(sql<string>`lower(coalesce(v.role, ''))`, 'like', like),
        eb(sql<string>`lower(e.title)`, 'like', like),
      ]),
    );
  }
  return q;
}

const columns = [
  'v.id',
  'v.eventId',
  'e.title as eventTitle',
  'e.startDate as eventStart',
  'v.name',
  'v.email',
  'v.phone',
  'v.role',
  'v.createdAt as signedUpAt',
  's.role as shift',
  's.startDate as shiftStart',
  's.endDate as shiftEnd',
  'v.status',
] as const;

/** Grouped by shift (in the event's order), each shift's waitlist after its confirmed sign-ups (issue 43). */
function inRosterOrder<Q extends ReturnType<typeof rosterQuery>>(q: Q): Q {
  return q
    .orderBy('e.startDate')
    .orderBy('e.id')
    .orderBy(sql`s.position nulls first`)
    .orderBy('s.id')
    .orderBy('v.status')
    .orderBy('v.createdAt')
    .orderBy('v.id') as Q;
}

function toRow(r: {
  id: number;
  eventId: number;
  eventTitle: string;
  eventStart: Date | string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  signedUpAt: Date | string;
  shift: string | null;
  shiftStart: Date | string | null;
  shiftEnd: Date | string | null;
  status: SignUpStatus;
}): RosterRow {
  return {
    ...r,
    eventStart: iso(r.eventStart),
    signedUpAt: iso(r.signedUpAt),
    shiftStart: r.shiftStart ? iso(r.shiftStart) : null,
    shiftEnd: r.shiftEnd ? iso(r.shiftEnd) : null,
  };
}

/** One page of the roster, its total, and the upcoming events with sign-ups (the filter's choices). */
export async function rosterPage(db: DB, input: RosterFilter & { page: number }, now = new Date()): Promise<AdminVolunteersPage> {
  const [rows, total, events] = await Promise.all([
    inRosterOrder(rosterQuery(db, input, now))
      .select(columns)
      .limit(PAGE_SIZE)
      .offset((input.page - 1) * PAGE_SIZE)
      .execute(),
    rosterQuery(db, input, now)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('events')
      .select(['id', 'title', 'startDate', 'volunteerCount'])
      .where('endDate', '>=', now)
      .where('volunteerCount', '>', 0)
      .orderBy('startDate')
      .orderBy('id')
      .limit(500)
      .execute(),
  ]);
  // A waiting person's place, as the manage page and the mail count it (decision 0096).
  const places = await waitlistPositions(db, [...new Set(rows.filter((r) => r.status === 'waitlisted').map((r) => r.eventId))]);
  return {
    items: rows.map((r) => {
      const row = toRow(r);
      const position = places.get(r.id);
      return r.status === 'waitlisted' && position !== undefined ? { ...row, position } : row;
    }),
    total: total.n,
    page: input.page,
    pageSize: PAGE_SIZE,
    events: events.map((e) => ({ id: e.id, title: e.title, startDate: iso(e.startDate), volunteerCount: e.volunteerCount })),
  };
}

export const ROSTER_CSV_COLUMNS = [
  'Event',
  'Event date',
  'Event time',
  'Name',
  'Email',
  'Phone',
  'Role',
  'Signed up at',
  'Shift',
  'Shift time',
  'Status',
] as const;

/**
 * The roster as CSV (RFC 4180, UTF-8 with BOM for spreadsheets), every row the filter matches;
 * dates in the post's zone; cells a spreadsheet would run as formulas are escaped.
 */
export async function rosterCsv(db: DB, f: RosterFilter, now = new Date()): Promise<string> {
  const { timeZone } = await getSettings(db);
  const rows = await inRosterOrder(rosterQuery(db, f, now))
    .select(columns)
    .execute();
  const records = rows.map((r) => {
    const start = utcToZoned(new Date(r.eventStart), timeZone);
    const at = utcToZoned(new Date(r.signedUpAt), timeZone);
    const shift = r.shiftStart ? utcToZoned(new Date(r.shiftStart), timeZone) : null;
    const status = r.status === 'waitlisted' ? 'Waitlist' : 'Confirmed';
    return [
      r.eventTitle,
      start.date,
      start.time,
      r.name,
      r.email,
      r.phone ?? '',
      r.role ?? '',
      `${at.date} ${at.time}`,
      r.shift ?? '',
      shift ? `${shift.date} ${shift.time}` : '',
      status,
    ];
  });
  return `\uFEFF${stringify([[...ROSTER_CSV_COLUMNS], ...records], { escape_formulas: true, record_delimiter: 'windows' })}`;
}
