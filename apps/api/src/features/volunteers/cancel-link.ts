import { createHmac, timingSafeEqual } from 'node:crypto';

// A volunteer's cancel link (issue 19 #1, decision 0046): `{volunteer id}.{HMAC-SHA256 of the
// id}` under a key derived from SESSION_SECRET, so nothing is stored for it and the sign-up's
// statement writes no token row. Unguessable without the key; single use because using it
// removes the sign-up (a new sign-up has a new id); valid until the event ends, which the
// cancel checks against the event.

const PURPOSE = 'volunteer-cancel-link';
const SHAPE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, volunteerId: number): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(String(volunteerId)).digest();
}

/** The token in the cancel link of a sign-up. */
export function cancelToken(secret: string, volunteerId: number): string {
  return `${volunteerId}.${mac(secret, volunteerId).toString('base64url')}`;
}

/** The sign-up a signed cancel token names, or null when it is not one this key signed. */
export function volunteerOfToken(secret: string, token: string): number | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id)) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = mac(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
