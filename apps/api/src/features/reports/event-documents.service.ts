import type { DB } from '@post/db';
import { imageOf } from '@post/contracts/images';
import { eventDocumentMessages, type EventDocument } from '@post/contracts/event-documents';
import { notFound } from '../../errors.ts';
import { fieldError } from './reporting.service.ts';

function base(db: DB) {
  return db
    .selectFrom('eventDocuments as d')
    .innerJoin('images as i', 'i.id', 'd.imageId')
    .select(['d.id', 'd.eventId', 'd.description', 'd.createdAt', 'i.id as imageId', 'i.hash', 'i.width', 'i.height', 'i.widths']);
}

function toDocument(r: Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>): EventDocument {
  return {
    id: r.id,
    eventId: r.eventId,
    description: r.description,
    image: imageOf({ id: r.imageId, hash: r.hash, width: r.width, height: r.height, widths: r.widths }),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

async function eventExists(db: DB, id: number): Promise<void> {
  const e = await db.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst();
  if (!e) throw notFound('Event');
}

/** An event's documentation, oldest first; 404 when the event is missing. */
export async function listDocuments(db: DB, eventId: number): Promise<EventDocument[]> {
  await eventExists(db, eventId);
  return (await base(db).where('d.eventId', '=', eventId).orderBy('d.id').execute()).map(toDocument);
}

/** One document; 404 when missing. */
export async function documentById(db: DB, id: number): Promise<EventDocument> {
  const r = await base(db).where('d.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Document');
  return toDocument(r);
}

/** Adds a photo or receipt with its description to an event (the VFW asks documentation per project). */
export async function addDocument(db: DB, input: { id: number; imageId: number; description: string }): Promise<EventDocument> {
  await eventExists(db, input.id);
  const image = await db.selectFrom('images').select('id').where('id', '=', input.imageId).executeTakeFirst();
  if (!image) throw fieldError(['imageId'], eventDocumentMessages.imageUnknown);
  const row = await db
    .insertInto('eventDocuments')
    .values({ eventId: input.id, imageId: input.imageId, description: input.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return documentById(db, row.id);
}

/** Removes a document (the photo stays in the library); 404 when missing. */
export async function removeDocument(db: DB, id: number): Promise<void> {
  const res = await db.deleteFrom('eventDocuments').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('Document');
}
