import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateResourceInput, Resource, UpdateResourceInput } from '@post/contracts/resources';
import { RESOURCE_CATEGORIES } from '@post/contracts/enums/resource-category';
import { notFound } from '../../errors.ts';

const columns = ['id', 'title', 'description', 'url', 'category', 'order'] as const;

interface ResourceRow {
  id: number;
  title: string;
  description: string;
  url: string;
  category: string;
  order: number;
}

function toResource(r: ResourceRow): Resource {
  return { id: r.id, title: r.title, description: r.description, url: r.url, category: r.category as Resource['category'], order: r.order };
}

// Categories in the order the enumeration lists them (healthcare, benefits, crisis, ...).
const categoryRank = sql<number>`array_position(array[${sql.join(RESOURCE_CATEGORIES.map((c) => sql.lit(c)))}]::text[], category::text)`;

/** Every resource, by category (in the enumeration's order), then display order, then title. */
export async function listResources(db: DB): Promise<Resource[]> {
  const rows = await db.selectFrom('resources').select(columns).orderBy(categoryRank).orderBy('order').orderBy('title').orderBy('id').execute();
  return rows.map(toResource);
}

/** One resource; 404 when missing. */
export async function resourceById(db: DB, id: number): Promise<Resource> {
  const row = await db.selectFrom('resources').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Resource');
  return toResource(row);
}

/** Creates a resource. */
export async function createResource(db: DB, input: CreateResourceInput): Promise<Resource> {
  const row = await db
    .insertInto('resources')
    .values({ title: input.title, description: input.description, url: input.url, category: input.category, order: input.order })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toResource(row);
}

/** Replaces a resource; 404 when missing. */
export async function updateResource(db: DB, input: UpdateResourceInput): Promise<Resource> {
  const row = await db
    .updateTable('resources')
    .set({
      title: input.title,
      description: input.description,
      url: input.url,
      category: input.category,
      order: input.order,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', input.id)
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw notFound('Resource');
  return toResource(row);
}

/** Deletes a resource; 404 when missing. */
export async function deleteResource(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('resources').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Resource');
}
