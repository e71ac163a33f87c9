import { parseSigned, signedBy, signId } from './signed-id.ts';
import type { DB } from '@post/db';

// The link to a volunteer's own sign-ups for an event (issue 43, decision 0064): signed like the
// cancel link (decision 0046), `{event id}.{HMAC of event id and e-mail}` under a key from
// SESSION_SECRET, so nothing is stored, it outlives any one sign-up, and it names no address.

const PURPOSE = 'volunteer-manage-link';
const normal = (email: string) => email.trim().toLowerCase();

/** The token of one person's sign-ups for an event. */
export function manageToken(secret: string, eventId: number, email: string): string {
  return signId(secret, PURPOSE, eventId, normal(email));
}

/** The event and e-mail a token names, among the event's sign-ups; null when it names none. */
export async function personOfManageToken(db: DB, secret: string, token: string): Promise<{ eventId: number; email: string } | null> {
  const parsed = parseSigned(token);
  if (!parsed) return null;
  const emails = await db.selectFrom('volunteers').select('email').distinct().where('eventId', '=', parsed.id).execute();
  const match = emails.find(({ email }) => signedBy(secret, PURPOSE, parsed, normal(email)));
  return match ? { eventId: parsed.id, email: normal(match.email) } : null;
}
