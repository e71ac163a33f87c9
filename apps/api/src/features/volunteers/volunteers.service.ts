import type { DB } from '@post/db';
import type { CreateVolunteerInput, VolunteerPublic, VolunteerView } from '@post/contracts/volunteers';
import type { Context } from '../../trpc.ts';

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** An event's volunteers; e-mail and phone only when `withContacts`. */
export async function listVolunteers(_db: DB, _eventId: number, _withContacts: boolean): Promise<VolunteerView[]> {
  return todo();
}
/** Signs up a volunteer: capacity, one per e-mail per event, not after the event ended (decisions §3). */
export async function signUp(_ctx: Context, _input: CreateVolunteerInput): Promise<VolunteerPublic> {
  return todo();
}
