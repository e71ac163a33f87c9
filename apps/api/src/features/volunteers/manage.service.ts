import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { ManageAction, MySignUps, SignUpResult } from '@post/contracts/volunteers';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { badRequest } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { shiftsOf, waitlistPositions } from '../events/shifts.service.ts';
import { personOfManageToken } from '../../lib/manage-link.ts';
import { cancelQueuedMail } from './volunteer-mail.ts';
import { promoteWaiting } from './waitlist.ts';
import { refuseHonorShifts, signUpAll } from './signup.ts';
import { checkInCode } from '../attendance/check-in-code.ts';
import { recordCancel, SIGNUP_LIMIT, SIGNUP_WINDOW_MS } from './volunteers.service.ts';
import { limitPublicForm } from '../../lib/public-forms.ts';

// The page behind a confirmation's link (issue 43, decision 0064): one person's sign-ups for one
// event, to cancel one, or add a shift (with room, or its waitlist). The link is the key.

/** A person's sign-ups for the event a token names, with the event's shifts; null when the link is not (or no longer) valid. */
export async function mySignUps(db: DB, secret: string, token: string): Promise<MySignUps | null> {
  if (token.length < 20 || token.length > 200) return null;
  const person = await personOfManageToken(db, secret, token);
  if (!person) return null;
  const event = await db
    .selectFrom('events')
    .select(['id', 'title', 'location', 'startDate', 'endDate'])
    .where('id', '=', person.eventId)
    .where('endDate', '>', new Date())
    .executeTakeFirst();
  if (!event) return null;
  const rows = await db
    .selectFrom('volunteers as v')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.id', 'v.name', 'v.shiftId', 'v.status', 's.role', 's.startDate', 's.endDate'])
    .where('v.eventId', '=', event.id)
    .where(sql<boolean>`lower(v.email) = ${person.email}`)
    .orderBy('s.position')
    .orderBy('v.id')
    .execute();
  const places = await waitlistPositions(db, [event.id]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    name: rows[0]?.name ?? '',
    event: { id: event.id, title: event.title, location: event.location, startDate: iso(event.startDate), endDate: iso(event.endDate) },
    signUps: rows.map((r) => ({
      id: r.id,
      shiftId: r.shiftId,
      role: r.role,
      startDate: iso(r.startDate ?? event.startDate),
      endDate: iso(r.endDate ?? event.endDate),
      status: r.status,
      ...(r.status === 'waitlisted' ? { position: places.get(r.id) ?? 1 } : { checkInCode: checkInCode(secret, r.id) }),
    })),
    shifts: (await shiftsOf(db, [event.id])).get(event.id) ?? [],
  };
}

/**
 * Acts on a button of the page: cancels one of the person's sign-ups (its place goes to the first
 * waiting, as with the cancel link), or adds a shift of the event (with room, else its waitlist).
 */
export async function manageSignUps(db: DB, secret: string, baseUrl: string, input: ManageAction, ip: string): Promise<{ ok: true; added?: SignUpResult }> {
  const mine = await mySignUps(db, secret, input.token);
  if (!mine) throw badRequest(volunteerMessages.manageLinkInvalid);
  if (input.action === 'cancel') {
    const target = mine.signUps.find((s) => s.id === input.volunteerId);
    if (!target) throw badRequest(shiftMessages.notOnEvent);
    await inTransaction(db, async (trx) => {
      const removed = await trx
        .deleteFrom('volunteers')
        .where('id', '=', target.id)
        .returning(['eventId', 'shiftId', 'status', 'name', 'role'])
        .executeTakeFirst();
      if (!removed) return;
      await recordCancel(trx, ip, target.id, removed, 'manage link');
      await cancelQueuedMail(trx, [target.id], 'sign-up cancelled');
      if (removed.status === 'confirmed') await promoteWaiting(trx, baseUrl, { eventId: removed.eventId, shiftId: removed.shiftId });
    });
    return { ok: true };
  }
  const me = await db
    .selectFrom('volunteers')
    .select(['name', 'email', 'phone'])
    .where('eventId', '=', mine.event.id)
    .where(sql<boolean>`lower(email) = lower(${(await personOfManageToken(db, secret, input.token))!.email})`)
    .orderBy('id')
    .executeTakeFirst();
  if (!me) throw badRequest(volunteerMessages.manageLinkInvalid);
  await refuseHonorShifts(db, [input.shiftId]);
  // A shift added here is a place taken like any sign-up: it counts against the same limit (decision 0081).
  await limitPublicForm(db, ip, 'volunteer', SIGNUP_LIMIT, SIGNUP_WINDOW_MS);
  const added = await signUpAll(
    db,
    { eventId: mine.event.id, name: me.name, email: me.email, phone: me.phone, role: null, shiftId: input.shiftId!, waitlist: true },
    baseUrl,
  );
  return { ok: true, added };
}
