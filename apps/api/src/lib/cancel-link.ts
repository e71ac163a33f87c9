import { idOfSigned, signId } from './signed-id.ts';

// A volunteer's cancel link (issue 19 #1, decision 0046): `{volunteer id}.{HMAC-SHA256 of the
// id}` under a key derived from SESSION_SECRET, so nothing is stored for it and the sign-up's
// statement writes no token row. Unguessable without the key; single use because using it
// removes the sign-up (a new sign-up has a new id); valid until the event ends, which the
// cancel checks against the event.

const PURPOSE = 'volunteer-cancel-link';

/** The token in the cancel link of a sign-up. */
export function cancelToken(secret: string, volunteerId: number): string {
  return signId(secret, PURPOSE, volunteerId);
}

/** The sign-up a signed cancel token names, or null when it is not one this key signed. */
export function volunteerOfToken(secret: string, token: string): number | null {
  return idOfSigned(secret, PURPOSE, token);
}
