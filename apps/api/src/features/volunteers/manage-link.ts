import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '@post/db';

// The link to a volunteer's own sign-ups for an event (issue 43, decision 0064): signed like the
// cancel link (decision 0046), `{event id}.{HMAC of event id and e-mail}` under a key from
// SESSION_SECRET, so nothing is stored, it outlives any one sign-up, and it names no address.

const PURPOSE = 'volunteer-manage-link';
const SHAPE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, eventId: number, email: string): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(`${eventId}:${email.trim().toLowerCase()}`).digest();
}

/** The token of one person's sign-ups for an event. */
export function manageToken(secret: string, eventId: number, email: string): string {
  return `${eventId}.${mac(secret, eventId, email).toString('base64url')}`;
}

/** The event and e-mail a token names, among the event's sign-ups; null when it names none. */
export async function personOfManageToken(db: DB, secret: string, token: string): Promise<{ eventId: number; email: string } | null> {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const eventId = Number(m[1]);
  if (!Number.isSafeInteger(eventId)) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  const emails = await db.selectFrom('volunteers').select('email').distinct().where('eventId', '=', eventId).execute();
  for (const { email } of emails) {
    const expected = mac(secret, eventId, email);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { eventId, email: email.trim().toLowerCase() };
  }
  return null;
}
