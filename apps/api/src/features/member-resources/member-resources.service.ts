import { sql, type Selectable } from 'kysely';
import type { DB, MemberResourcesTable } from '@post/db';
import {
  formatFileSize,
  type CreateMemberResourceInput,
  type MemberResource,
  type PortalResource,
  type UpdateMemberResourceInput,
} from '@post/contracts/member-resources';
import { accessLevelsFor, type AudienceMember } from '@post/contracts/rules/audience';
import { notFound } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';

type Row = Selectable<MemberResourcesTable> & { fileName: string | null };

/** A stored resource on the wire (admin view). */
export function toResource(r: Row): MemberResource {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category as MemberResource['category'],
    resourceType: r.resourceType as MemberResource['resourceType'],
    resourceUrl: r.resourceUrl,
    fileName: r.fileName,
    fileSize: r.fileSize,
    accessLevel: r.accessLevel as MemberResource['accessLevel'],
    isActive: r.isActive,
    downloadCount: r.downloadCount,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** A resource as a member sees it: no address, every download goes through the counter. */
export function toPortalResource(r: Row): PortalResource {
  const { resourceUrl: _url, isActive: _active, ...rest } = toResource(r);
  return rest;
}

// Never the file's bytes: lists stay light; only the file's name comes along.
function withFileName(db: DB) {
  return db.selectFrom('memberResources as r').leftJoin('memberResourceFiles as f', 'f.resourceId', 'r.id').selectAll('r').select('f.fileName');
}

/** Every resource, active or not, newest first. */
export async function listResources(db: DB): Promise<MemberResource[]> {
  const rows = await withFileName(db).orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').execute();
  return rows.map(toResource);
}

/** One resource, or 404. */
export async function resourceById(db: DB, id: number): Promise<MemberResource> {
  const row = await withFileName(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Resource');
  return toResource(row);
}

/** Creates a resource (a link now, or a file uploaded next). */
export async function createResource(db: DB, input: CreateMemberResourceInput): Promise<MemberResource> {
  const row = await db.insertInto('memberResources').values(input).returning('id').executeTakeFirstOrThrow();
  return resourceById(db, row.id);
}

/**
 * Replaces a resource's fields. Giving a URL replaces an uploaded file (the file is deleted);
 * without a URL an uploaded file stays and its size is the one shown.
 */
export async function updateResource(db: DB, input: UpdateMemberResourceInput): Promise<MemberResource> {
  const { id, ...fields } = input;
  await inTransaction(db, async (trx) => {
    const file = await trx.selectFrom('memberResourceFiles').select('size').where('resourceId', '=', id).executeTakeFirst();
    let fileSize = fields.fileSize;
    if (fields.resourceUrl) {
      if (file) await trx.deleteFrom('memberResourceFiles').where('resourceId', '=', id).execute();
    } else if (file) {
      fileSize = formatFileSize(file.size);
    }
    const row = await trx
      .updateTable('memberResources')
      .set({ ...fields, fileSize, updatedAt: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Resource');
  });
  return resourceById(db, id);
}

/** Deletes a resource and its uploaded file; 404 when missing. */
export async function deleteResource(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('memberResources').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Resource');
}

/** An uploaded file for a resource. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}

/** Stores (or replaces) the resource's file; the download then streams it instead of redirecting. */
export async function storeResourceFile(db: DB, id: number, file: UploadedFile): Promise<MemberResource> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('memberResources')
      .set({ resourceUrl: null, fileSize: formatFileSize(file.data.byteLength), updatedAt: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Resource');
    const values = { fileName: file.fileName, mimeType: file.mimeType, size: file.data.byteLength, data: file.data };
    await trx
      .insertInto('memberResourceFiles')
      .values({ resourceId: id, ...values })
      .onConflict((oc) => oc.column('resourceId').doUpdateSet(values))
      .execute();
  });
  return resourceById(db, id);
}

/**
 * Creates a resource together with its uploaded file, in one transaction: both are stored or
 * neither (issue 23 #6), so a failed upload never leaves a resource members cannot open.
 */
export async function createResourceWithFile(db: DB, input: CreateMemberResourceInput, file: UploadedFile): Promise<MemberResource> {
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('memberResources')
      .values({ ...input, resourceUrl: null, fileSize: formatFileSize(file.data.byteLength) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('memberResourceFiles')
      .values({ resourceId: row.id, fileName: file.fileName, mimeType: file.mimeType, size: file.data.byteLength, data: file.data })
      .execute();
    return row.id;
  });
  return resourceById(db, id);
}

/** The stored file of a resource (with its bytes), or undefined. */
export async function resourceFile(db: DB, id: number) {
  return db.selectFrom('memberResourceFiles').select(['fileName', 'mimeType', 'size', 'data']).where('resourceId', '=', id).executeTakeFirst();
}

// The rule a member's list and download share (decisions §2): active, an access level that fits,
// and something to download.
const hasSomething = sql<boolean>`(r.resource_url is not null or exists (select 1 from member_resource_files f where f.resource_id = r.id))`;

/** The resources this member may open, by category then title. */
export async function resourcesForMember(db: DB, member: AudienceMember): Promise<PortalResource[]> {
  const rows = await withFileName(db)
    .where('r.isActive', '=', true)
    .where('r.accessLevel', 'in', accessLevelsFor(member))
    .where(hasSomething)
    .orderBy('r.category')
    .orderBy('r.title')
    .orderBy('r.id')
    .execute();
  return rows.map(toPortalResource);
}

/**
 * Counts one download when the member may open the resource, in the same statement that checks
 * the rule (so concurrent downloads all count and a hidden resource is never counted). Returns the
 * resource's URL (null when it has an uploaded file), or undefined when the member may not open it.
 */
export async function countDownload(db: DB, member: AudienceMember, id: number, count = true): Promise<{ resourceUrl: string | null } | undefined> {
  if (!count) {
    // The same rule, nothing counted: a download another site started (a link or image on it).
    return db
      .selectFrom('memberResources as r')
      .select('r.resourceUrl')
      .where('r.id', '=', id)
      .where('r.isActive', '=', true)
      .where('r.accessLevel', 'in', accessLevelsFor(member))
      .where(hasSomething)
      .executeTakeFirst();
  }
  return db
    .updateTable('memberResources as r')
    .set({ downloadCount: sql`download_count + 1` })
    .where('r.id', '=', id)
    .where('r.isActive', '=', true)
    .where('r.accessLevel', 'in', accessLevelsFor(member))
    .where(hasSomething)
    .returning('r.resourceUrl')
    .executeTakeFirst();
}
