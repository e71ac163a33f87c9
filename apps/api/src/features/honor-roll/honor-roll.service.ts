import type { DB } from '@post/db';
import { sql } from 'kysely';
import { obituaryWarnings, type HonorRollDraft, type HonorRollEntry, type PublishHonorInput, type UpdateHonorInput } from '@post/contracts/honor-roll';
import { honorRollMessages } from '@post/contracts/messages/honor-roll';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { badRequest, notFound } from '../../errors.ts';
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
  'honorOffices',
  'continuousYears',
  'honorCeremonyDate',
] as const;

/** The honor roll is on unless Settings turned it off; off, it is a 404 like any missing page. */
async function assertOn(db: DB): Promise<string> {
  const s = await getSettings(db);
  if (!s.membership.honorRoll) throw notFound('Honor roll');
  return s.timeZone;
}

async function entries(db: DB, id?: number): Promise<HonorRollEntry[]> {
  const timeZone = await assertOn(db);
  // Published with the family's consent only; a date of death alone makes a draft (decision 0086).
  let q = db.selectFrom('members').select(PUBLIC_COLUMNS).where('deceasedOn', 'is not', null).where('honorPublishedAt', 'is not', null);
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
    offices: (r.honorOffices ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    continuousYears: r.continuousYears,
    ceremonyDate: r.honorCeremonyDate,
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

/**
 * The honor roll as administrators keep it (decision 0086): every departed member, draft or
 * published, with the private checklist; and members a Buddy Check call reported deceased whose
 * date of death is not recorded yet.
 */
export async function honorRollDrafts(db: DB): Promise<HonorRollDraft[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      'id',
      'firstName',
      'lastName',
      'deceasedOn',
      'honorPublishedAt',
      'honorFamilyConsent',
      'honorCeremonyDate',
      'honorOffices',
      'continuousYears',
      'nextOfKin',
      'deathReportedOn',
      'obituary',
    ])
    .where((eb) =>
      eb.or([eb('deceasedOn', 'is not', null), eb('id', 'in', eb.selectFrom('buddyCheckCalls').select('memberId').where('outcome', '=', 'deceased'))]),
    )
    .orderBy(sql`honor_published_at is not null`)
    .orderBy('deceasedOn', 'desc')
    .orderBy('lastName')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    memberId: r.id,
    name: `${r.firstName} ${r.lastName}`,
    deceasedOn: r.deceasedOn,
    published: r.honorPublishedAt !== null,
    familyConsent: r.honorFamilyConsent,
    ceremonyDate: r.honorCeremonyDate,
    offices: r.honorOffices,
    continuousYears: r.continuousYears,
    nextOfKin: r.nextOfKin,
    deathReportedOn: r.deathReportedOn,
    obituaryWarnings: obituaryWarnings(r.obituary),
  }));
}

async function departed(db: DB, memberId: number) {
  const m = await db.selectFrom('members').select(['id', 'deceasedOn']).where('id', '=', memberId).executeTakeFirst();
  if (!m) throw notFound('Member');
  if (m.deceasedOn === null) throw badRequest(honorRollMessages.noDateOfDeath);
  return m;
}

/** Publishes an entry, with the family's consent (the input requires it) and the ceremony date if set. */
export async function publishHonor(db: DB, input: PublishHonorInput): Promise<HonorRollDraft> {
  await departed(db, input.memberId);
  await db
    .updateTable('members')
    .set({
      honorPublishedAt: sql<Date>`coalesce(honor_published_at, now())`,
      honorFamilyConsent: true,
      ...(input.ceremonyDate !== undefined ? { honorCeremonyDate: input.ceremonyDate } : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', input.memberId)
    .execute();
  return draftOf(db, input.memberId);
}

/** Takes an entry off the public honor roll; it stays a draft. */
export async function unpublishHonor(db: DB, memberId: number): Promise<HonorRollDraft> {
  await departed(db, memberId);
  await db.updateTable('members').set({ honorPublishedAt: null, updatedAt: new Date() }).where('id', '=', memberId).execute();
  return draftOf(db, memberId);
}

/** Offices held, continuous years, next of kin (private), the day the death was reported to National, the ceremony date. */
export async function updateHonor(db: DB, input: UpdateHonorInput): Promise<HonorRollDraft> {
  const m = await db.selectFrom('members').select('id').where('id', '=', input.memberId).executeTakeFirst();
  if (!m) throw notFound('Member');
  const set: Record<string, unknown> = {};
  if (input.offices !== undefined) set.honorOffices = input.offices || null;
  if (input.continuousYears !== undefined) set.continuousYears = input.continuousYears;
  if (input.nextOfKin !== undefined) set.nextOfKin = input.nextOfKin || null;
  if (input.deathReportedOn !== undefined) set.deathReportedOn = input.deathReportedOn;
  if (input.ceremonyDate !== undefined) set.honorCeremonyDate = input.ceremonyDate;
  await db
    .updateTable('members')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', input.memberId)
    .execute();
  return draftOf(db, input.memberId);
}

async function draftOf(db: DB, memberId: number): Promise<HonorRollDraft> {
  const d = (await honorRollDrafts(db)).find((x) => x.memberId === memberId);
  if (!d) throw notFound('Honor roll entry');
  return d;
}
