import type { DB } from '@post/db';
import { idOfSigned, signId } from '../../lib/signed-id.ts';
import type { CheckInCodeDetails } from '@post/contracts/attendance';
import { CHECK_IN_PATH } from '@post/contracts/check-in-code';

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

/** Whose code it is and for what (event, shift), for the volunteer's own page; null unless a confirmed place's. */
export async function codeDetails(db: DB, secret: string, code: string): Promise<CheckInCodeDetails | null> {
  const id = volunteerOfCode(secret, code);
  if (id === null) return null;
  const row = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .leftJoin('volunteerShifts as s', 's.id', 'v.shiftId')
    .select(['v.name', 'v.status', 'e.title', 'e.location', 'e.startDate', 'e.endDate', 's.role', 's.startDate as shiftStart', 's.endDate as shiftEnd'])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== 'confirmed') return null;
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    name: row.name,
    title: row.title,
    location: row.location,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    shift: row.role && row.shiftStart && row.shiftEnd ? { role: row.role, startDate: iso(row.shiftStart), endDate: iso(row.shiftEnd) } : null,
  };
}
