import type { DB } from '@post/db';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { badRequest, notFound } from '../../errors.ts';
import { enqueue } from '../mail/outbox.ts';

// The waitlist (issue 43, decision 0064): a sign-up with status 'waitlisted' waits in
// (created_at, id) order within its pool (a shift, or an event without shifts). A freed place
// goes to the first waiting in the transaction that frees it, with its "You're in" mail queued
// in that same transaction, so neither exists without the other.

/** A pool of places: one shift, or an event without shifts (shiftId null). */
export interface Pool {
  eventId: number;
  shiftId: number | null;
}

/**
 * Promotes the first people waiting in a pool, as many as it has free places, and queues each
 * one "You're in" (key per sign-up, so one mail per promotion). Nobody is promoted once the
 * pool has started. Locks the event row, then the shift row, the order a sign-up takes them.
 * Returns the promoted sign-ups' ids.
 */
export async function promoteWaiting(trx: DB, baseUrl: string, pool: Pool): Promise<number[]> {
  const event = await trx
    .selectFrom('events')
    .select(['volunteerPositions', 'volunteerCount', 'startDate'])
    .where('id', '=', pool.eventId)
    .forUpdate()
    .executeTakeFirst();
  if (!event) return [];
  let room: number;
  if (pool.shiftId === null) {
    if (new Date(event.startDate).getTime() <= Date.now()) return [];
    room = event.volunteerPositions - event.volunteerCount;
  } else {
    const shift = await trx
      .selectFrom('volunteerShifts')
      .select(['capacity', 'volunteerCount', 'startDate'])
      .where('id', '=', pool.shiftId)
      .where('eventId', '=', pool.eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!shift || new Date(shift.startDate).getTime() <= Date.now()) return [];
    room = shift.capacity - shift.volunteerCount;
  }
  if (room <= 0) return [];
  const first = trx
    .selectFrom('volunteers')
    .select('id')
    .where('eventId', '=', pool.eventId)
    .where((eb) => (pool.shiftId === null ? eb('shiftId', 'is', null) : eb('shiftId', '=', pool.shiftId)))
    .where('status', '=', 'waitlisted')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(room);
  const promoted = await trx
    .updateTable('volunteers')
    .set({ status: 'confirmed' })
    .where('id', 'in', first)
    .where('status', '=', 'waitlisted')
    .returning(['id', 'email'])
    .execute();
  for (const v of promoted) await queuePromotedMail(trx, baseUrl, v);
  return promoted.map((v) => v.id);
}

/** Promotes whoever can be in every pool of an event: after its capacity or its shifts changed. */
export async function promoteEvent(trx: DB, baseUrl: string, eventId: number): Promise<number[]> {
  const shifts = await trx.selectFrom('volunteerShifts').select('id').where('eventId', '=', eventId).orderBy('position').orderBy('id').execute();
  const pools: Pool[] = shifts.length ? shifts.map((s) => ({ eventId, shiftId: s.id })) : [{ eventId, shiftId: null }];
  const out: number[] = [];
  for (const p of pools) out.push(...(await promoteWaiting(trx, baseUrl, p)));
  return out;
}

/** An administrator's promotion of one waiting sign-up, whatever the capacity (the administrator decides). */
export async function promoteByHand(trx: DB, baseUrl: string, id: number): Promise<void> {
  const row = await trx.selectFrom('volunteers').select(['id', 'email', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Volunteer');
  if (row.status !== 'waitlisted') throw badRequest(shiftMessages.notWaitlisted);
  await trx.updateTable('volunteers').set({ status: 'confirmed' }).where('id', '=', id).execute();
  await queuePromotedMail(trx, baseUrl, row);
}

function queuePromotedMail(trx: DB, baseUrl: string, v: { id: number; email: string }) {
  return enqueue(trx, {
    idempotencyKey: `volunteer-promoted:${v.id}`,
    kind: 'volunteer-promoted',
    to: v.email,
    template: 'volunteer-promoted',
    params: { baseUrl, volunteerId: v.id },
  });
}
