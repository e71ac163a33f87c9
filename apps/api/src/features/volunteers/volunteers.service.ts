import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateVolunteerInput, VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import { E } from '@post/contracts/messages';
import { MAIL_E } from '@post/contracts/mail';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { useToken } from '../mail/outbox.ts';
import { volunteerOfToken } from './cancel-link.ts';
import { CANCEL_PURPOSE, cancelQueuedMail, confirmationRows } from './volunteer-mail.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import type { Context } from '../../trpc.ts';
import { inTransaction } from '../../lib/transaction.ts';

/** Sign-ups one address may send: generous for a family signing up together, tight for a script. */
export const SIGNUP_LIMIT = 20;
export const SIGNUP_WINDOW_MS = 10 * 60 * 1000;

/** An event's volunteers in sign-up order; e-mail and phone only when `withContacts`. 404 when the event is missing. */
export async function listVolunteers(db: DB, eventId: number, withContacts: boolean): Promise<VolunteerView[]> {
  const event = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound('Event');
  const rows = await db
    .selectFrom('volunteers')
    .select(['id', 'eventId', 'name', 'role', 'email', 'phone'])
    .where('eventId', '=', eventId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  // Build each answer field by field, so contact details cannot slip into a public one.
  return rows.map((r) =>
    withContacts
      ? { id: r.id, eventId: r.eventId, name: r.name, role: r.role, email: r.email, phone: r.phone }
      : { id: r.id, eventId: r.eventId, name: r.name, role: r.role },
  );
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/**
 * Signs up a volunteer (decisions §3): not after the event ended, one sign-up per e-mail per
 * event, and never beyond the event's positions. One autocommit statement locks the event row
 * only while it is open and has a free position, and inserts from it; the trigger on volunteers
 * then adds one to the row's count before the lock is released. Concurrent sign-ups for the
 * event queue on that lock, and under READ COMMITTED a waiter re-checks the WHERE against the
 * newest row version (the count after the sign-up it waited for), so capacity holds on every
 * app node. The unique index (event, lower(email)) refuses a second sign-up of one address.
 */
export async function signUp(ctx: Context, input: CreateVolunteerInput): Promise<VolunteerPublic> {
  await limitPublicForm(ctx, 'volunteer', SIGNUP_LIMIT, SIGNUP_WINDOW_MS);
  const role = input.role ?? null;
  // A filled honeypot gets the answer a person would, and nothing is stored.
  if (isBot(input)) return { id: 0, eventId: input.eventId, name: input.name, role };
  // The confirmation names the sign-up; the worker renders it when it sends it (decisions 0045, 0049).
  const baseUrl = ctx.env.siteUrl;
  for (let attempt = 0; ; attempt++) {
    let row: { id: number; eventId: number; name: string; role: string | null } | undefined;
    try {
      row = await insertWithConfirmation(ctx.db, input, role, baseUrl);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(E.alreadySignedUp);
      throw e;
    }
    if (row) return { id: row.id, eventId: row.eventId, name: row.name, role: row.role ?? null };
    // Refused: only now is the reason looked up, in the order the rules are listed.
    const why = await ctx.db
      .selectFrom('events as e')
      .select([
        sql<boolean>`e.end_date < now()`.as('ended'),
        sql<boolean>`e.volunteer_count >= e.volunteer_positions`.as('full'),
        sql<boolean>`exists (select 1 from volunteers v where v.event_id = e.id and lower(v.email) = lower(${input.email}))`.as('same'),
      ])
      .where('e.id', '=', input.eventId)
      .executeTakeFirst();
    if (!why) throw notFound('Event');
    if (why.ended) throw conflict(E.eventEnded);
    if (why.same) throw conflict(E.alreadySignedUp);
    // Not full any more means a sign-up was removed between the two statements: try once more.
    if (why.full || attempt > 0) throw conflict(E.positionsFilled);
  }
}

/**
 * Removes one sign-up (an administrator undoing fake or mistaken ones); the trigger on
 * volunteers gives the event its position back. 404 when there is no such sign-up.
 */
export async function removeVolunteer(db: DB, id: number): Promise<void> {
  const removed = await inTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('volunteers').where('id', '=', id).returning('id').executeTakeFirst();
    // A removed sign-up gets no confirmation or reminder still queued.
    if (row) await cancelQueuedMail(trx, [id], 'sign-up removed');
    return row;
  });
  if (!removed) throw notFound('Volunteer');
}

/**
 * The sign-up and its confirmation in one statement, so one transaction: it locks the event row
 * only while it is open and has a free position and inserts from it (the trigger adds one to the
 * count), and inserts the confirmation's outbox row (queued by template, rendered
 * when sent: decision 0045; its cancel link is signed from the sign-up's id, decision 0046). The lock is held to the statement's end, so
 * capacity holds as with the single statement of decision 0008, and the confirmation exists
 * exactly when the sign-up does.
 */
async function insertWithConfirmation(
  db: DB,
  input: CreateVolunteerInput,
  role: string | null,
  /** The site's address for the confirmation's links. */
  baseUrl: string,
): Promise<{ id: number; eventId: number; name: string; role: string | null } | undefined> {
  // Written as SQL, not with the query builder: building and compiling the builder's
  // statement was a tenth of a sign-up's time. The result's columns come back camelCased.
  const result = await sql<{ id: number; eventId: number; name: string; role: string | null }>`
      with open as (
        select id from events
        where id = ${input.eventId} and end_date >= now() and volunteer_count < volunteer_positions
        for update
      ),
      signed as (
        insert into volunteers (event_id, name, email, phone, role)
        select id, ${input.name}, ${input.email}, ${input.phone ?? null}, ${role} from open
        returning id, event_id, name, role
      ), ${confirmationRows(baseUrl, input.email)}
      select id, event_id, name, role from signed`.execute(db);
  return result.rows[0];
}

/**
 * Cancels a sign-up from the link in its confirmation or reminder (single use, valid until the
 * event ends): the volunteer row goes, the trigger frees the position, and any of the
 * volunteer's messages still queued (a reminder) are cancelled, all in one transaction. A
 * signed link (decision 0046) is single use because its sign-up is gone once used; a stored
 * token of a link mailed before is marked used as well.
 */
export async function cancelByToken(ctx: Context, token: string): Promise<{ eventId: number; eventTitle: string }> {
  const done = await inTransaction(ctx.db, async (trx) => {
    if (token.length < 20 || token.length > 200) return null;
    const signed = volunteerOfToken(ctx.env.mail.linkSecret, token);
    const volunteerId = signed ?? (await useToken(trx, token, CANCEL_PURPOSE));
    if (volunteerId === null) return null;
    const removed = await trx
      .deleteFrom('volunteers')
      .where('id', '=', volunteerId)
      .where('eventId', 'in', trx.selectFrom('events').select('id').where('endDate', '>', new Date()))
      .returning(['eventId'])
      .executeTakeFirst();
    if (!removed) return null;
    await cancelQueuedMail(trx, [volunteerId], 'sign-up cancelled');
    const event = await trx.selectFrom('events').select(['id', 'title']).where('id', '=', removed.eventId).executeTakeFirst();
    return { eventId: removed.eventId, eventTitle: event?.title ?? '' };
  });
  if (!done) throw badRequest(MAIL_E.cancelLinkInvalid);
  return done;
}
