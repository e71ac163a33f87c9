import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { SignUpStatus } from '@post/contracts/enums/sign-up-status';
import { buildCalendar } from '../events/events.ics.ts';
import { calendarColumns, toCalendarRow, type CalendarEventRow } from '../events/calendar-rows.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { manageToken } from '../../lib/manage-link.ts';
import { formatEventTime } from './context.ts';
import { senderFrom } from './templates.ts';
import { shiftConfirmation, volunteerPromoted, type SignUpLine } from './shift-templates.ts';
import { MessageObsolete, type RenderContext, type RenderedMessage } from './render-context.ts';
import { checkInCodes } from './check-in-mail.ts';

// Rendering the volunteer messages of shifts and the waitlist (issue 43, decision 0064): the
// worker reads the sign-ups, their shifts and event when it sends the message (decision 0049).

/** A sign-up as a message tells it. */
export interface SignUpForMail {
  id: number;
  name: string;
  email: string;
  role: string | null;
  status: SignUpStatus;
  /** The place in the waitlist, when waiting (1 is next). */
  position: number | null;
  event: CalendarEventRow;
  shift: { id: number; role: string; startDate: Date; endDate: Date } | null;
}

/** The sign-ups still there of the given ids, in the ids' order. */
export async function signUpsOf(db: DB, ids: number[]): Promise<SignUpForMail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select([
      'v.id as volunteerId',
      'v.name',
      'v.email',
      'v.role',
      'v.status',
      's.id as shiftId',
      's.role as shiftRole',
      's.startDate as shiftStart',
      's.endDate as shiftEnd',
      sql<number | null>`case when v.status = 'waitlisted' then (
        select count(*)::int from volunteers w where w.event_id = v.event_id and w.shift_id is not distinct from v.shift_id
          and w.status = 'waitlisted' and (w.created_at, w.id) <= (v.created_at, v.id)) end`.as('position'),
      ...calendarColumns.map((c) => `e.${c}` as const),
    ])
    .where('v.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.map((r) => {
      const { volunteerId, name, email, role, status, shiftId, shiftRole, shiftStart, shiftEnd, position, ...event } = r;
      const shift =
        shiftId !== null && shiftRole !== null && shiftStart && shiftEnd
          ? { id: shiftId, role: shiftRole, startDate: new Date(shiftStart), endDate: new Date(shiftEnd) }
          : null;
      return [volunteerId, { id: volunteerId, name, email, role, status, position, event: toCalendarRow(event), shift }] as const;
    }),
  );
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The event as a sign-up's calendar entry: the shift's own time and role when it has one (its own UID). */
function calendarRow(r: SignUpForMail): CalendarEventRow {
  return r.shift
    ? { ...r.event, title: `${r.event.title}: ${r.shift.role}`, startDate: r.shift.startDate, endDate: r.shift.endDate, shiftId: r.shift.id }
    : r.event;
}

function line(r: SignUpForMail, timeZone: string): SignUpLine {
  const row = calendarRow(r);
  return {
    role: r.shift?.role ?? r.role,
    when: formatEventTime(row.startDate, row.endDate, timeZone),
    status: r.status === 'confirmed' ? 'Confirmed' : `On the waitlist, position ${r.position ?? 1}`,
    waitlistPosition: r.status === 'confirmed' ? null : (r.position ?? 1),
  };
}

const cancelUrl = (baseUrl: string, ctx: RenderContext, id: number) => `${baseUrl}/volunteer/cancel?token=${cancelToken(ctx.linkSecret, id)}`;
/** The page of the person's own sign-ups for the event (issue 43): every confirmation links to it. */
export const manageUrl = (baseUrl: string, ctx: RenderContext, r: { event: { id: number }; email: string }) =>
  `${baseUrl}/volunteer/manage?token=${manageToken(ctx.linkSecret, r.event.id, r.email)}`;

function calendarFile(baseUrl: string, rows: SignUpForMail[], ctx: RenderContext) {
  const ics = buildCalendar(rows.map(calendarRow), { postName: ctx.settings.postName, timeZone: ctx.settings.timeZone, baseUrl });
  return [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }];
}

const facts = (r: SignUpForMail, ctx: RenderContext) => ({
  title: r.event.title,
  when: formatEventTime(r.event.startDate, r.event.endDate, ctx.settings.timeZone),
  location: r.event.location,
});

/** One confirmation for every sign-up of a request: each shift's time and place, the confirmed ones in the .ics. */
export async function renderShiftConfirmation(baseUrl: string, rows: SignUpForMail[], ctx: RenderContext): Promise<RenderedMessage> {
  const first = rows[0];
  if (!first) throw new MessageObsolete('the sign-ups were cancelled before the message was sent');
  const codes = await checkInCodes(baseUrl, ctx.linkSecret, rows);
  const rendered = await shiftConfirmation({
    sender: senderFrom(ctx.settings, baseUrl),
    name: first.name,
    event: facts(first, ctx),
    lines: rows.map((r) => line(r, ctx.settings.timeZone)),
    cancelUrl: cancelUrl(baseUrl, ctx, first.id),
    manageUrl: manageUrl(baseUrl, ctx, first),
    checkIns: codes.lines,
  });
  const confirmed = rows.filter((r) => r.status === 'confirmed');
  return confirmed.length ? { ...rendered, attachments: [...calendarFile(baseUrl, confirmed, ctx), ...codes.attachments] } : rendered;
}

/** "You're in", with the shift, its .ics and the cancel link. */
export async function renderPromoted(baseUrl: string, r: SignUpForMail, ctx: RenderContext): Promise<RenderedMessage> {
  const codes = await checkInCodes(baseUrl, ctx.linkSecret, [r]);
  const rendered = await volunteerPromoted({
    sender: senderFrom(ctx.settings, baseUrl),
    name: r.name,
    event: facts(r, ctx),
    line: line(r, ctx.settings.timeZone),
    cancelUrl: cancelUrl(baseUrl, ctx, r.id),
    manageUrl: manageUrl(baseUrl, ctx, r),
    checkIns: codes.lines,
  });
  return { ...rendered, attachments: [...calendarFile(baseUrl, [r], ctx), ...codes.attachments] };
}
