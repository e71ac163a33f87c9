import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { SignUpStatus } from '@post/contracts/enums/sign-up-status';
import type { CreateVolunteerInput, SignUpOutcome, SignUpResult } from '@post/contracts/volunteers';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { honorsMessages } from '@post/contracts/messages/honors';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { confirmationRows } from './volunteer-mail.ts';
import { enqueue } from '../mail/outbox.ts';
import { inTransaction } from '../../lib/transaction.ts';

/** What one locking insert made. */
interface Signed {
  id: number;
  eventId: number;
  shiftId: number | null;
  name: string;
  role: string | null;
  status: SignUpStatus;
  position: number | null;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/**
 * The sign-ups of one request (decisions §3, issue 43): one pool (the event, or one shift) is one
 * statement with its confirmation in it; several shifts are one transaction of those statements
 * and one confirmation naming them all. A refusal is explained after the statement that made it.
 */
export async function signUpAll(db: DB, input: CreateVolunteerInput, baseUrl: string): Promise<SignUpResult> {
  const shiftIds = [...new Set(input.shiftIds ?? (input.shiftId ? [input.shiftId] : []))];
  if (input.shiftIds && input.shiftId && !shiftIds.includes(input.shiftId)) shiftIds.unshift(input.shiftId);
  const one = async (trx: DB, shiftId: number | null, confirm: boolean): Promise<Signed> => {
    for (let attempt = 0; ; attempt++) {
      let row: Signed | undefined;
      try {
        row = await insertSignUp(trx, input, shiftId, confirm ? baseUrl : null);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(shiftId === null ? volunteerMessages.alreadySignedUp : shiftMessages.alreadyInShift);
        throw e;
      }
      if (row) return row;
      // Not refused for any reason any more means a place freed between the two statements: try once more.
      const why = await refusal(trx, input, shiftId);
      if (why || attempt > 0) throw why ?? conflict(shiftId === null ? volunteerMessages.positionsFilled : shiftMessages.shiftFull);
    }
  };
  if (shiftIds.length <= 1) return answer([await one(db, shiftIds[0] ?? null, true)]);
  const rows = await inTransaction(db, async (trx) => {
    const made: Signed[] = [];
    for (const id of shiftIds) made.push(await one(trx, id, false));
    // One confirmation lists them all; its key names the first, as a single sign-up's does.
    await enqueue(trx, {
      idempotencyKey: `volunteer-confirmation:${made[0]!.id}`,
      kind: 'volunteer-confirmation',
      to: input.email,
      template: 'volunteer-confirmation',
      params: { baseUrl, volunteerId: made[0]!.id, volunteerIds: made.map((m) => m.id) },
    });
    return made;
  });
  return answer(rows);
}

/** The spec's answer for an event without shifts, with the shift and place added when there are any. */
function answer(rows: Signed[]): SignUpResult {
  const first = rows[0]!;
  const out: SignUpResult = { id: first.id, eventId: first.eventId, name: first.name, role: first.role ?? null };
  if (first.shiftId !== null) out.shiftId = first.shiftId;
  if (first.shiftId !== null || first.status === 'waitlisted') out.status = first.status;
  if (first.position !== null) out.position = first.position;
  if (rows.length > 1) out.signUps = rows.map(outcome);
  return out;
}

function outcome(r: Signed): SignUpOutcome {
  return { id: r.id, shiftId: r.shiftId, status: r.status, ...(r.position !== null ? { position: r.position } : {}) };
}

/**
 * A waiting sign-up's place in its queue, as the roster counts it ((created_at, id) order), read by
 * a statement of its own: the insert's snapshot predates the lock it waited for, so it missed
 * waiters committed meanwhile. The row's created_at is the time it was written, under the pool's
 * lock, so a waiter written later never comes before it (decision 0081).
 */
async function queuePosition(db: DB, id: number): Promise<number> {
  const { rows } = await sql<{ position: number }>`
    select 1 + count(*)::int as position from volunteers w join volunteers me on me.id = ${id}
    where w.event_id = me.event_id and w.shift_id is not distinct from me.shift_id and w.status = 'waitlisted'
      and (w.created_at, w.id) < (me.created_at, me.id)`.execute(db);
  return rows[0]!.position;
}

/**
 * The locking insert (decision 0008, issue 43): the event row is locked first while the event is
 * open (the order an edit and a promotion take them, so they cannot deadlock), then the shift's
 * row while it has room (or, with `waitlist`, has not started); the row is inserted confirmed
 * when there was room, else waitlisted, and the trigger counts it. Under READ COMMITTED a waiter
 * re-checks the WHERE against the newest row, so capacity holds per shift as per event. An event
 * with shifts takes no sign-up without one. `confirmFor` adds the confirmation's outbox row.
 */
async function insertSignUp(db: DB, input: CreateVolunteerInput, shiftId: number | null, confirmFor: string | null): Promise<Signed | undefined> {
  const wait = input.waitlist === true;
  const open =
    shiftId === null
      ? sql`open as (
          select id as event_id, null::integer as shift_id, volunteer_count < volunteer_positions as room from events
          where id = ${input.eventId} and end_date >= now()
            and (volunteer_count < volunteer_positions or (${wait}::boolean and volunteer_positions > 0 and start_date > now()))
            and not exists (select 1 from volunteer_shifts s where s.event_id = events.id)
          for update
        )`
      : sql`ev as materialized (select id from events where id = ${input.eventId} and end_date >= now() for update),
        open as (
          select s.event_id, s.id as shift_id, s.volunteer_count < s.capacity as room
          from volunteer_shifts s join ev on ev.id = s.event_id
          where s.id = ${shiftId} and s.end_date >= now()
            and (s.volunteer_count < s.capacity or (${wait}::boolean and s.capacity > 0 and s.start_date > now()))
          for update of s
        )`;
  const confirmation = confirmFor === null ? sql`` : sql`, ${confirmationRows(confirmFor, input.email)}`;
  // Written as SQL, not with the query builder: building and compiling the builder's statement
  // was a tenth of a sign-up's time. The result's columns come back camelCased.
  const result = await sql<Signed>`
    with ${open},
    signed as (
      insert into volunteers (event_id, shift_id, name, email, phone, role, status, created_at)
      select event_id, shift_id, ${input.name}, ${input.email}, ${input.phone ?? null}, ${input.role ?? null},
        case when room then 'confirmed' else 'waitlisted' end, clock_timestamp() from open
      returning id, event_id, shift_id, name, role, status
    )${confirmation}
    select id, event_id, shift_id, name, role, status, null::int as position
    from signed`.execute(db);
  const row = result.rows[0];
  if (row?.status === 'waitlisted') row.position = await queuePosition(db, row.id);
  return row;
}

/** Why a sign-up was refused, in the order the rules are listed; undefined when nothing refuses it now. */
async function refusal(db: DB, input: CreateVolunteerInput, shiftId: number | null): Promise<AppError | undefined> {
  const wait = input.waitlist === true;
  const event = await db
    .selectFrom('events as e')
    .select([
      sql<boolean>`e.end_date < now()`.as('ended'),
      sql<boolean>`e.start_date <= now()`.as('started'),
      sql<boolean>`e.volunteer_count >= e.volunteer_positions`.as('full'),
      sql<boolean>`exists (select 1 from volunteer_shifts s where s.event_id = e.id)`.as('hasShifts'),
    ])
    .where('e.id', '=', input.eventId)
    .executeTakeFirst();
  if (!event) return notFound('Event');
  if (event.ended) return conflict(volunteerMessages.eventEnded);
  const same = (q: DB) =>
    q
      .selectFrom('volunteers')
      .select('id')
      .where('eventId', '=', input.eventId)
      .where((eb) => (shiftId === null ? eb('shiftId', 'is', null) : eb('shiftId', '=', shiftId)))
      .where(sql<boolean>`lower(email) = lower(${input.email})`)
      .executeTakeFirst();
  if (shiftId === null) {
    if (event.hasShifts) return badRequest(shiftMessages.shiftRequired);
    if (await same(db)) return conflict(volunteerMessages.alreadySignedUp);
    if (event.full) return wait && event.started ? conflict(shiftMessages.waitlistStarted) : conflict(volunteerMessages.positionsFilled);
    return undefined;
  }
  if (!event.hasShifts) return badRequest(shiftMessages.eventHasNoShifts);
  const shift = await db
    .selectFrom('volunteerShifts')
    .select([sql<boolean>`end_date < now()`.as('ended'), sql<boolean>`start_date <= now()`.as('started'), sql<boolean>`volunteer_count >= capacity`.as('full')])
    .where('id', '=', shiftId)
    .where('eventId', '=', input.eventId)
    .executeTakeFirst();
  if (!shift) return badRequest(shiftMessages.shiftNotOfEvent);
  if (shift.ended) return conflict(shiftMessages.shiftEnded);
  if (await same(db)) return conflict(shiftMessages.alreadyInShift);
  if (shift.full) return wait && shift.started ? conflict(shiftMessages.waitlistStarted) : conflict(shiftMessages.shiftFull);
  return undefined;
}

/**
 * A funeral honors role is taken only by a member qualified for it, through their call-out link or
 * the portal (decision 0088): the public sign-up and the manage link refuse its shifts.
 */
export async function refuseHonorShifts(db: DB, shiftIds: (number | undefined | null)[]): Promise<void> {
  const ids = shiftIds.filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return;
  const honor = await db.selectFrom('volunteerShifts').select('id').where('id', 'in', ids).where('honorRole', 'is not', null).executeTakeFirst();
  if (honor) throw new AppError('FORBIDDEN', honorsMessages.memberOnly);
}
