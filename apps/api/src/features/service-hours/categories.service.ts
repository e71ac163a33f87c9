import type { DB } from '@post/db';
import type { ServiceCategory } from '@post/contracts/service-hours';
import { badRequest, notFound } from '../../errors.ts';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';

/** The categories in the report's order. */
export function listCategories(db: DB): Promise<ServiceCategory[]> {
  return db.selectFrom('serviceCategories').select(['id', 'name', 'position', 'reportable']).orderBy('position').orderBy('id').execute();
}

/** One category; 404 when missing. */
export async function categoryById(db: DB, id: number): Promise<ServiceCategory> {
  const row = await db.selectFrom('serviceCategories').select(['id', 'name', 'position', 'reportable']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Category');
  return row;
}

/** Adds a category (a name already used, in any case, is a 409 from the unique index). */
export function createCategory(db: DB, input: Omit<ServiceCategory, 'id'>): Promise<ServiceCategory> {
  return db.insertInto('serviceCategories').values(input).returning(['id', 'name', 'position', 'reportable']).executeTakeFirstOrThrow();
}

/** Renames, moves or marks a category (not) reportable. */
export async function updateCategory(db: DB, input: ServiceCategory): Promise<ServiceCategory> {
  const row = await db
    .updateTable('serviceCategories')
    .set({ name: input.name, position: input.position, reportable: input.reportable, updatedAt: new Date() })
    .where('id', '=', input.id)
    .returning(['id', 'name', 'position', 'reportable'])
    .executeTakeFirst();
  if (!row) throw notFound('Category');
  return row;
}

/** An event's default category; 404 when the event is missing. */
export async function eventCategory(db: DB, eventId: number): Promise<{ id: number; serviceCategoryId: number | null }> {
  const row = await db.selectFrom('events').select(['id', 'serviceCategoryId']).where('id', '=', eventId).executeTakeFirst();
  if (!row) throw notFound('Event');
  return row;
}

/** Sets an event's default category (its attendance counts under it in the report). */
export async function setEventCategory(db: DB, eventId: number, categoryId: number | null): Promise<{ id: number; serviceCategoryId: number | null }> {
  if (categoryId !== null) {
    const cat = await db.selectFrom('serviceCategories').select('id').where('id', '=', categoryId).executeTakeFirst();
    if (!cat) throw badRequest(serviceHoursMessages.categoryUnknown);
  }
  const row = await db
    .updateTable('events')
    .set({ serviceCategoryId: categoryId })
    .where('id', '=', eventId)
    .returning(['id', 'serviceCategoryId'])
    .executeTakeFirst();
  if (!row) throw notFound('Event');
  return row;
}
