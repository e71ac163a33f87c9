import { idOfSigned, signId } from '../../lib/signed-id.ts';
import { CHECK_IN_PATH } from '@post/contracts/attendance';

// A sign-up's personal check-in code (issue 44, decision 0066), signed like the cancel link
// (decision 0046): `{volunteer id}.{HMAC-SHA256 of the id}` under a key of its own purpose derived
// from SESSION_SECRET, so nothing is stored and no one can make another person's code.

const PURPOSE = 'volunteer-check-in-code';

/** The check-in code of a sign-up. */
export function checkInCode(secret: string, volunteerId: number): string {
  return signId(secret, PURPOSE, volunteerId);
}

/**
 * What a sign-up's QR code holds: `{site}/check-in/{code}`. The confirmation mail and the
 * self-service page draw it with the project's QR encoder (decision 0066).
 */
export function checkInUrl(siteUrl: string, secret: string, volunteerId: number): string {
  return `${siteUrl.replace(/\/+$/, '')}${CHECK_IN_PATH}${checkInCode(secret, volunteerId)}`;
}

/** The sign-up a code names, or null when this key did not sign it. */
export function volunteerOfCode(secret: string, code: string): number | null {
  return idOfSigned(secret, PURPOSE, code);
}
