import type { DB } from '@post/db';
import type { CreateVolunteerInput, SignUpResult, VolunteerView } from '@post/contracts/volunteers';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { badRequest, notFound } from '../../errors.ts';
import { volunteerOfToken } from '../../lib/cancel-link.ts';
import { cancelQueuedMail } from './volunteer-mail.ts';
import { refuseHonorShifts, signUpAll } from './signup.ts';
import { promoteWaiting } from './waitlist.ts';
import { waitlistPositions } from '../events/shifts.service.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { actorAt, recordAudit } from '../audit/audit.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { publicName } from '@post/contracts/rules/public-name';

/** Sign-ups one address may send: generous for a family signing up together, tight for a script. */
export const SIGNUP_LIMIT = 20;
export const SIGNUP_WINDOW_MS = 10 * 60 * 1000;

/** The places one sign-up request asks for: each shift named, else one. */
export function signUpPlaces(input: { shiftId?: number | undefined; shiftIds?: number[] | undefined }): number {
  return input.shiftIds?.length ? new Set(input.shiftIds).size : 1;
}

/**
 * An event's volunteers in sign-up order; e-mail and phone, and the people waiting with their
 * places, only when `withContacts` (the public sees confirmed sign-ups). 404 when the event is missing.
 */
export async function listVolunteers(db: DB, eventId: number, withContacts: boolean): Promise<VolunteerView[]> {
  const event = await db.selectFrom('events').select(['id', 'listed']).where('id', '=', eventId).executeTakeFirst();
  // An unlisted event (decision 0088) is not there for the public.
  if (!event || (!withContacts && !event.listed)) throw notFound('Event');
  let q = db
    .selectFrom('volunteers')
    .select(['id', 'eventId', 'name', 'role', 'email', 'phone', 'shiftId', 'status'])
    .where('eventId', '=', eventId)
    .orderBy('createdAt')
    .orderBy('id');
  if (!withContacts) q = q.where('status', '=', 'confirmed');
  const rows = await q.execute();
  const places = withContacts ? await waitlistPositions(db, [eventId]) : new Map<number, number>();
  // The public sees first name and last initial unless the post chose full names (decision 0096).
  const fullNames = withContacts || (await getSettings(db)).publicFullNames;
  return rows.map((r) => volunteerView({ ...r, name: publicName(r.name, fullNames) }, withContacts, places));
}

/** One sign-up as a list shows it, built field by field so contact details cannot slip into a public one. */
export function volunteerView(
  r: { id: number; eventId: number; name: string; role: string | null; email: string; phone: string | null; shiftId: number | null; status: string },
  withContacts: boolean,
  places: Map<number, number>,
): VolunteerView {
  const base: VolunteerView = { id: r.id, eventId: r.eventId, name: r.name, role: r.role };
  if (withContacts) Object.assign(base, { email: r.email, phone: r.phone });
  if (r.shiftId !== null) base.shiftId = r.shiftId;
  if (withContacts && r.status === 'waitlisted') Object.assign(base, { status: 'waitlisted', position: places.get(r.id) });
  return base;
}

/**
 * Signs up a volunteer (decisions §3; shifts and the waitlist, issue 43): not after the event
 * ended, one sign-up per e-mail per shift (per event without shifts), never beyond a shift's
 * capacity or the event's positions (see signup.ts), waiting for a place with `waitlist`.
 */
export async function signUp(db: DB, ip: string, baseUrl: string, input: CreateVolunteerInput): Promise<SignUpResult> {
  // Places, not requests: each shift taken or waited for counts (decision 0081).
  await limitPublicForm(db, ip, 'volunteer', SIGNUP_LIMIT, SIGNUP_WINDOW_MS, signUpPlaces(input));
  const role = input.role ?? null;
  // A filled honeypot gets the answer a person would, and nothing is stored.
  if (isBot(input)) return { id: 0, eventId: input.eventId, name: input.name, role };
  await refuseHonorShifts(db, [input.shiftId, ...(input.shiftIds ?? [])]);
  // The confirmation names the sign-up; the worker renders it when it sends it (decisions 0045, 0049).
  return signUpAll(db, input, baseUrl);
}

/**
 * Removes one sign-up (an administrator undoing fake or mistaken ones); the trigger on
 * volunteers gives the event its position back. 404 when there is no such sign-up.
 */
export async function removeVolunteer(db: DB, id: number, baseUrl: string): Promise<{ id: number; name: string }[]> {
  const removed = await inTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('volunteers').where('id', '=', id).returning(['id', 'eventId', 'shiftId', 'status']).executeTakeFirst();
    if (!row) return row;
    // A removed sign-up gets no confirmation or reminder still queued.
    await cancelQueuedMail(trx, [id], 'sign-up removed');
    // Its place goes to the first waiting, in this transaction (decision 0064); who got it is
    // told to the administrator (decision 0096).
    const ids = row.status === 'confirmed' ? await promoteWaiting(trx, baseUrl, { eventId: row.eventId, shiftId: row.shiftId }) : [];
    const promoted = ids.length ? await trx.selectFrom('volunteers').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute() : [];
    return { promoted };
  });
  if (!removed) throw notFound('Volunteer');
  return removed.promoted;
}

/**
 * Cancels a sign-up from the link in its confirmation or reminder (single use, valid until the
 * event ends): the volunteer row goes, the trigger frees the position, and any of the
 * volunteer's messages still queued (a reminder) are cancelled, and the freed place goes to the
 * first waiting (decision 0064), all in one transaction. The signed link (decision 0046) is single
 * use because its sign-up is gone once used.
 */
export async function cancelByToken(db: DB, linkSecret: string, baseUrl: string, token: string, ip: string): Promise<{ eventId: number; eventTitle: string }> {
  const done = await inTransaction(db, async (trx) => {
    if (token.length < 20 || token.length > 200) return null;
    const volunteerId = volunteerOfToken(linkSecret, token);
    if (volunteerId === null) return null;
    const removed = await trx
      .deleteFrom('volunteers')
      .where('id', '=', volunteerId)
      .where('eventId', 'in', trx.selectFrom('events').select('id').where('endDate', '>', new Date()))
      .returning(['eventId', 'shiftId', 'status', 'name', 'role'])
      .executeTakeFirst();
    if (!removed) return null;
    await recordCancel(trx, ip, volunteerId, removed, 'cancel link');
    await cancelQueuedMail(trx, [volunteerId], 'sign-up cancelled');
    if (removed.status === 'confirmed') await promoteWaiting(trx, baseUrl, { eventId: removed.eventId, shiftId: removed.shiftId });
    const event = await trx.selectFrom('events').select(['id', 'title']).where('id', '=', removed.eventId).executeTakeFirst();
    return { eventId: removed.eventId, eventTitle: event?.title ?? '' };
  });
  if (!done) throw badRequest(volunteerMessages.cancelLinkInvalid);
  return done;
}

/**
 * The audit entry of a sign-up its volunteer cancelled (cancel link or manage page): who, which
 * event and shift, by which link; any attendance stays with its hours (decision 0081).
 */
export async function recordCancel(
  trx: DB,
  ip: string,
  volunteerId: number,
  removed: { eventId: number; shiftId: number | null; status: string; name: string; role: string | null },
  via: 'cancel link' | 'manage link',
): Promise<void> {
  await recordAudit(trx, actorAt(ip, null), {
    entity: 'volunteer',
    entityId: volunteerId,
    action: 'cancel',
    changes: {
      name: { old: removed.name, new: null },
      eventId: { old: removed.eventId, new: null },
      shiftId: { old: removed.shiftId, new: null },
      status: { old: removed.status, new: null },
      via: { old: null, new: via },
    },
  });
}
