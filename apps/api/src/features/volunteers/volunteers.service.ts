import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateVolunteerInput, VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import { E } from '@post/contracts/messages';
import { conflict, notFound } from '../../errors.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import type { Context } from '../../trpc.ts';

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
 * event, and never beyond the event's positions. The event row is locked for the count and the
 * insert, so concurrent sign-ups queue on it and capacity holds on every app node.
 */
export async function signUp(ctx: Context, input: CreateVolunteerInput): Promise<VolunteerPublic> {
  await limitPublicForm(ctx, 'volunteer', SIGNUP_LIMIT, SIGNUP_WINDOW_MS);
  const role = input.role ?? null;
  // A filled honeypot gets the answer a person would, and nothing is stored.
  if (isBot(input)) return { id: 0, eventId: input.eventId, name: input.name, role };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const event = await trx
        .selectFrom('events')
        .select(['id', 'volunteerPositions', sql<boolean>`end_date < now()`.as('ended')])
        .where('id', '=', input.eventId)
        .forUpdate()
        .executeTakeFirst();
      if (!event) throw notFound('Event');
      if (event.ended) throw conflict(E.eventEnded);
      // One statement counts and inserts; it starts after the lock is held, so under READ
      // COMMITTED its snapshot includes every sign-up committed before ours.
      const result = await trx
        .with('taken', (q) =>
          q
            .selectFrom('volunteers')
            .select([sql<number>`count(*)::int`.as('count'), sql<number>`count(*) filter (where lower(email) = lower(${input.email}))::int`.as('same')])
            .where('eventId', '=', event.id),
        )
        .with('added', (q) =>
          q
            .insertInto('volunteers')
            .columns(['eventId', 'name', 'email', 'phone', 'role'])
            .expression((eb) =>
              eb
                .selectFrom('taken')
                .select([
                  sql.lit(event.id).as('eventId'),
                  sql.val(input.name).as('name'),
                  sql.val(input.email).as('email'),
                  sql.val(input.phone ?? null).as('phone'),
                  sql.val(role).as('role'),
                ])
                .where('same', '=', 0)
                .where('count', '<', event.volunteerPositions),
            )
            .returning(['id', 'eventId', 'name', 'role']),
        )
        .selectFrom('taken')
        .leftJoin('added', (j) => j.onTrue())
        .select(['taken.same', 'added.id', 'added.eventId', 'added.name', 'added.role'])
        .executeTakeFirstOrThrow();
      if (result.same > 0) throw conflict(E.alreadySignedUp);
      if (result.id === null || result.id === undefined) throw conflict(E.positionsFilled);
      const row = { id: result.id, eventId: result.eventId!, name: result.name!, role: result.role ?? null };
      return { id: row.id, eventId: row.eventId, name: row.name, role: row.role };
    });
  } catch (e) {
    // The unique index (event, lower(email)) backs the duplicate rule should the lock ever be bypassed.
    if (isUniqueViolation(e)) throw conflict(E.alreadySignedUp);
    throw e;
  }
}
