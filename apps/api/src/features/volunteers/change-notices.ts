import type { DB } from '@post/db';
import { enqueue } from '../mail/outbox.ts';
import { eventParams } from '../mail/render-queued.ts';
import { cancelQueuedMail, loadMailEvent, reminderKey } from './volunteer-mail.ts';

// Notices to volunteers of an administrator's change: an event or shift moved or gone, a sign-up removed.

/** What a notice compares to tell whether volunteers must hear of an edit. */
export interface EventPlaceAndTime {
  startDate: Date | string;
  endDate: Date | string;
  location: string;
}

/** Whether an edit moved the event in time or place (the edits volunteers are told of). */
export function movedOrRelocated(before: EventPlaceAndTime, after: EventPlaceAndTime): boolean {
  return (
    new Date(before.startDate).getTime() !== new Date(after.startDate).getTime() ||
    new Date(before.endDate).getTime() !== new Date(after.endDate).getTime() ||
    before.location.trim() !== after.location.trim()
  );
}

/**
 * Queues a notice to each volunteer of an event that an administrator moved, relocated or
 * deleted, in the administrator's transaction (call it before a delete: the volunteers go with
 * the event). A reminder still queued for the old time is cancelled; the new time gets its own.
 */
export async function queueEventNotices(trx: DB, baseUrl: string, eventId: number, deleted: boolean): Promise<number> {
  const event = await loadMailEvent(trx, eventId);
  if (!event) return 0;
  const volunteers = await trx
    .selectFrom('volunteers as v')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id', 'v.name', 'v.email', 's.startDate as shiftStart'])
    .where('v.eventId', '=', eventId)
    .orderBy('v.id')
    .execute();
  if (volunteers.length === 0) return 0;
  const kind = deleted ? 'event-deleted' : 'event-changed';
  const facts = eventParams(event);
  for (const v of volunteers) {
    await enqueue(trx, {
      idempotencyKey: `${kind}:${eventId}:${event.sequence}:${v.id}`,
      kind,
      to: v.email,
      template: 'event-changed',
      params: { baseUrl, name: v.name, deleted, event: facts },
    });
  }
  // Reminders still waiting for the old time: a moved event is reminded at its new time. A
  // deleted event's confirmations not sent yet go too (the notice says it is cancelled).
  if (deleted) {
    await cancelQueuedMail(
      trx,
      volunteers.map((v) => v.id),
      'event deleted',
    );
  } else {
    // A shift's reminder is keyed to the shift's own start (issue 43).
    await cancelStaleReminders(
      trx,
      volunteers.map((v) => ({ id: v.id, start: v.shiftStart ?? event.startDate })),
      'event moved',
    );
  }
  return volunteers.length;
}

/** Cancels the reminders still queued for a time other than each sign-up's current start: the new time gets its own. */
async function cancelStaleReminders(trx: DB, signUps: { id: number; start: Date | string }[], why: string): Promise<void> {
  if (signUps.length === 0) return;
  await trx
    .updateTable('mailOutbox')
    .set({ state: 'cancelled', lastError: why })
    .where('state', '=', 'queued')
    .where('kind', '=', 'volunteer-reminder')
    .where((eb) => eb.or(signUps.map((v) => eb('idempotencyKey', 'like', `volunteer-reminder:${v.id}:%`))))
    .where(
      'idempotencyKey',
      'not in',
      signUps.map((v) => reminderKey(v.id, new Date(v.start))),
    )
    .execute();
}

/**
 * Tells the volunteers of some shifts of an event (issue 43) that their shift moved or was
 * removed, with the existing notice (the shift's role and time as the event's); call it before
 * a removal, since the sign-ups go with the shift. Removed shifts' queued mail is cancelled.
 */
export async function queueShiftNotices(trx: DB, baseUrl: string, eventId: number, shiftIds: number[], deleted: boolean): Promise<number> {
  if (shiftIds.length === 0) return 0;
  const event = await loadMailEvent(trx, eventId);
  if (!event) return 0;
  const rows = await trx
    .selectFrom('volunteers as v')
    .innerJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id', 'v.name', 'v.email', 's.id as shiftId', 's.role as shiftRole', 's.startDate as shiftStart', 's.endDate as shiftEnd'])
    .where('v.shiftId', 'in', shiftIds)
    .orderBy('v.id')
    .execute();
  const kind = deleted ? 'shift-removed' : 'shift-changed';
  for (const v of rows) {
    const facts = { ...eventParams(event), title: `${event.title}: ${v.shiftRole}`, startDate: iso(v.shiftStart), endDate: iso(v.shiftEnd) };
    await enqueue(trx, {
      idempotencyKey: `${kind}:${v.shiftId}:${event.sequence}:${iso(v.shiftStart)}:${v.id}`,
      kind: deleted ? 'event-deleted' : 'event-changed',
      to: v.email,
      template: 'event-changed',
      params: { baseUrl, name: v.name, deleted, event: facts },
    });
  }
  if (deleted)
    await cancelQueuedMail(
      trx,
      rows.map((v) => v.id),
      'shift removed',
    );
  else
    await cancelStaleReminders(
      trx,
      rows.map((v) => ({ id: v.id, start: v.shiftStart })),
      'shift moved',
    );
  return rows.length;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Queues "Sign-up removed" to a volunteer an administrator removes, in the removal's transaction
 * (call it before the delete). Nothing for a sign-up that is gone or an event that has ended.
 */
export async function queueRemovalNotice(trx: DB, baseUrl: string, volunteerId: number): Promise<void> {
  const v = await trx.selectFrom('volunteers').select(['id', 'name', 'email', 'eventId']).where('id', '=', volunteerId).executeTakeFirst();
  if (!v) return;
  const event = await loadMailEvent(trx, v.eventId);
  if (!event || new Date(event.endDate).getTime() < Date.now()) return;
  await enqueue(trx, {
    idempotencyKey: `volunteer-removed:${v.id}`,
    kind: 'volunteer-removed',
    to: v.email,
    template: 'volunteer-removed',
    params: { baseUrl, name: v.name, event: eventParams(event) },
  });
}
