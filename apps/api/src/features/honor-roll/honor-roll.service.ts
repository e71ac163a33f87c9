import type { DB } from '@post/db';
import type { HonorRollEntry } from '@post/contracts/honor-roll';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { notFound } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { withImages } from '../images/images.service.ts';

// Only what the honor roll shows is selected, so no contact field or membership number can leak (decision 0065).
const PUBLIC_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'branchOfService',
  'serviceEra',
  'memberSince',
  'deceasedOn',
  'obituary',
  'imageId',
  'imageAlt',
] as const;

/** The honor roll is on unless Settings turned it off; off, it is a 404 like any missing page. */
async function assertOn(db: DB): Promise<string> {
  const s = await getSettings(db);
  if (!s.membership.honorRoll) throw notFound('Honor roll');
  return s.timeZone;
}

async function entries(db: DB, id?: number): Promise<HonorRollEntry[]> {
  const timeZone = await assertOn(db);
  let q = db.selectFrom('members').select(PUBLIC_COLUMNS).where('deceasedOn', 'is not', null);
  if (id !== undefined) q = q.where('id', '=', id);
  const rows = await q.orderBy('deceasedOn', 'desc').orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const list = rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    branchOfService: r.branchOfService as HonorRollEntry['branchOfService'],
    serviceEra: r.serviceEra,
    memberSinceYear: Number(utcToZoned(r.memberSince, timeZone).date.slice(0, 4)),
    deceasedOn: r.deceasedOn!,
    obituary: r.obituary,
    imageId: r.imageId,
    imageAlt: r.imageId ? r.imageAlt : null,
    image: null,
  }));
  return (await withImages(db, list)).map(({ imageId: _imageId, ...entry }) => entry);
}

/** The post's departed members, most recent first (the page groups them by year of death). */
export function listHonorRoll(db: DB): Promise<HonorRollEntry[]> {
  return entries(db);
}

/** One departed member's page, or 404 (a living member is not on the honor roll). */
export async function honorRollEntry(db: DB, id: number): Promise<HonorRollEntry> {
  const [entry] = await entries(db, id);
  if (!entry) throw notFound('Honor roll entry');
  return entry;
}
