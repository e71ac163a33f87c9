import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { ServiceEntryStatus } from '@post/contracts/enums/service-entry-status';
import { PAGE_SIZE, likePattern } from '@post/contracts/paging';
import { imageMessages } from '@post/contracts/messages/images';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { programYear } from '@post/contracts/rules/program-year';
import { utcToZoned } from '@post/contracts/rules/event-time';
import type { ServiceEntriesPage, ServiceEntry } from '@post/contracts/service-hours';
import { badRequest, notFound } from '../../errors.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';

/** The fields a write gives (checked by the contracts). */
export interface EntryFields {
  memberId?: number | null;
  name?: string;
  serviceDate: string;
  hours: number;
  miles: number;
  categoryId: number;
  note: string | null;
  imageId?: number | null;
  imageAlt?: string | null;
  dollarsGiven?: number;
  dollarsCost?: number;
  inKindValue?: number;
  beneficiary?: string | null;
  counts?: Record<string, number>;
  unit?: string | null;
}

/** The report figures a write stores (decision 0085); a member's own entry carries none. */
function figures(input: EntryFields) {
  return {
    dollarsGiven: input.dollarsGiven ?? 0,
    dollarsCost: input.dollarsCost ?? 0,
    inKindValue: input.inKindValue ?? 0,
    beneficiary: input.beneficiary || null,
    counts: JSON.stringify(input.counts ?? {}),
    unit: input.memberId == null ? (input.unit ?? null) : null,
  };
}

const columns = [
  'se.id',
  'se.memberId',
  'se.name',
  sql<string>`se.service_date::text`.as('serviceDate'),
  'se.hours',
  'se.miles',
  'se.categoryId',
  'sc.name as categoryName',
  'se.note',
  'se.imageId',
  'se.imageAlt',
  'se.loggedByMember',
  'se.dollarsGiven',
  'se.dollarsCost',
  'se.inKindValue',
  'se.beneficiary',
  'se.counts',
  'se.unit',
  'se.approvedAt',
  'se.createdAt',
] as const;

function base(db: DB) {
  return db.selectFrom('serviceEntries as se').innerJoin('serviceCategories as sc', 'sc.id', 'se.categoryId');
}

function toEntry(r: {
  id: number;
  memberId: number | null;
  name: string;
  serviceDate: string;
  hours: string;
  miles: string;
  categoryId: number;
  categoryName: string;
  note: string | null;
  imageId: number | null;
  imageAlt: string | null;
  loggedByMember: boolean;
  dollarsGiven: number;
  dollarsCost: number;
  inKindValue: number;
  beneficiary: string | null;
  counts: Record<string, number>;
  unit: string | null;
  approvedAt: Date | string | null;
  createdAt: Date | string;
}): ServiceEntry {
  return {
    id: r.id,
    memberId: r.memberId,
    name: r.name,
    serviceDate: r.serviceDate,
    hours: Number(r.hours),
    miles: Number(r.miles),
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    note: r.note,
    imageId: r.imageId,
    imageAlt: r.imageAlt,
    image: null,
    loggedByMember: r.loggedByMember,
    dollarsGiven: r.dollarsGiven,
    dollarsCost: r.dollarsCost,
    inKindValue: r.inKindValue,
    beneficiary: r.beneficiary,
    counts: r.counts,
    unit: r.unit,
    approved: r.approvedAt !== null,
    approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** GET /api/admin/service-hours: newest service first, filtered, 25 a page with the total. */
export async function listEntries(
  db: DB,
  input: { q?: string; categoryId?: number; status: 'all' | ServiceEntryStatus; year?: number; page: number },
  startMonth: number,
): Promise<ServiceEntriesPage> {
  let q = base(db);
  if (input.q) {
    const like = likePattern(input.q);
    q = q.where((eb) => eb.or([eb(sql`lower(se.name)`, 'like', like), eb(sql`lower(coalesce(se.note, ''))`, 'like', like)]));
  }
  if (input.categoryId) q = q.where('se.categoryId', '=', input.categoryId);
  if (input.status === 'pending') q = q.where('se.approvedAt', 'is', null);
  if (input.status === 'approved') q = q.where('se.approvedAt', 'is not', null);
  if (input.year) {
    const { from, next } = programYear(input.year, startMonth);
    q = q.where(sql`se.service_date`, '>=', from).where(sql`se.service_date`, '<', next);
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(columns)
    .orderBy('se.serviceDate', 'desc')
    .orderBy('se.id', 'desc')
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE)
    .execute();
  return { items: await withImages(db, rows.map(toEntry)), total, page: input.page, pageSize: PAGE_SIZE };
}

/** One entry; 404 when missing. */
export async function entryById(db: DB, id: number): Promise<ServiceEntry> {
  const row = await base(db).select(columns).where('se.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Service entry');
  return (await withImages(db, [toEntry(row)]))[0]!;
}

/** The name a write stores: the member's from the directory, else the one given. */
async function who(db: DB, input: EntryFields): Promise<{ memberId: number | null; name: string }> {
  if (input.memberId == null) return { memberId: null, name: input.name!.trim() };
  const m = await db.selectFrom('members').select(['id', 'firstName', 'lastName']).where('id', '=', input.memberId).executeTakeFirst();
  if (!m) throw badRequest(serviceHoursMessages.memberUnknown);
  return { memberId: m.id, name: `${m.firstName} ${m.lastName}` };
}

async function checkRefs(db: DB, input: EntryFields, timeZone: string): Promise<void> {
  const cat = await db.selectFrom('serviceCategories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
  if (!cat) throw badRequest(serviceHoursMessages.categoryUnknown);
  if (input.imageId != null) {
    const image = await db.selectFrom('images').select('id').where('id', '=', input.imageId).executeTakeFirst();
    if (!image) throw badRequest(imageMessages.imageNotFound);
  }
  if (input.serviceDate > utcToZoned(new Date(), timeZone).date) throw badRequest(serviceHoursMessages.dateInFuture);
}

/**
 * Adds an entry. An officer's entry is approved as it is made; a member's own waits for an
 * officer (issue 44: it counts once approved).
 */
export async function createEntry(db: DB, input: EntryFields, by: { userId: number } | { memberId: number }, timeZone: string): Promise<ServiceEntry> {
  await checkRefs(db, input, timeZone);
  const person = 'memberId' in by ? await who(db, { ...input, memberId: by.memberId }) : await who(db, input);
  const row = await db
    .insertInto('serviceEntries')
    .values({
      ...person,
      serviceDate: input.serviceDate,
      hours: input.hours,
      miles: input.miles,
      categoryId: input.categoryId,
      note: input.note,
      ...imageColumns(input),
      ...figures('memberId' in by ? { ...input, memberId: by.memberId } : input),
      loggedByMember: 'memberId' in by,
      approvedAt: 'userId' in by ? new Date() : null,
      approvedBy: 'userId' in by ? by.userId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err) => {
      throw pictureError(err);
    });
  return entryById(db, row.id);
}

/** Changes an entry (an officer's edit leaves its approval as it was). */
export async function updateEntry(db: DB, id: number, input: EntryFields, timeZone: string): Promise<ServiceEntry> {
  await checkRefs(db, input, timeZone);
  const person = await who(db, input);
  const row = await db
    .updateTable('serviceEntries')
    .set({
      ...person,
      serviceDate: input.serviceDate,
      hours: input.hours,
      miles: input.miles,
      categoryId: input.categoryId,
      note: input.note,
      ...imageChanges(input),
      ...figures(input),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
    .catch((err) => {
      throw pictureError(err);
    });
  if (!row) throw notFound('Service entry');
  return entryById(db, id);
}

/** Approves a member's entry (approving twice keeps the first approval). */
export async function approveEntry(db: DB, id: number, userId: number): Promise<ServiceEntry> {
  const row = await db
    .updateTable('serviceEntries')
    .set({ approvedAt: sql`coalesce(approved_at, now())`, approvedBy: sql`coalesce(approved_by, ${userId})`, updatedAt: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Service entry');
  return entryById(db, id);
}

/** Deletes an entry; 404 when missing. */
export async function deleteEntry(db: DB, id: number): Promise<void> {
  const res = await db.deleteFrom('serviceEntries').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('Service entry');
}
