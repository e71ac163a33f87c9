import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateNewsInput, News, UpdateNewsInput } from '@post/contracts/news';
import { notFound } from '../../errors.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';

interface NewsRow {
  id: number;
  title: string;
  content: string;
  publishDate: Date | string;
  publishedBy: number;
  featured: boolean;
  imageId: number | null;
  imageAlt: string | null;
}

const columns = ['id', 'title', 'content', 'publishDate', 'publishedBy', 'featured', 'imageId', 'imageAlt'] as const;

function toNews(r: NewsRow): News {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    publishDate: new Date(r.publishDate).toISOString(),
    publishedBy: r.publishedBy,
    featured: r.featured,
    imageId: r.imageId,
    imageAlt: r.imageAlt,
    image: null,
  };
}

/**
 * News, newest first. Public readers (pages, RSS, sitemap) see only published items: one with a
 * publish date still ahead is scheduled and stays hidden until then (issue 23 #9); the dashboard
 * passes `includeScheduled` to list them too.
 */
export async function listNews(db: DB, opts: { includeScheduled?: boolean } = {}): Promise<News[]> {
  let q = db.selectFrom('news').select(columns);
  if (!opts.includeScheduled) q = q.where('publishDate', '<=', new Date());
  const rows = await q.orderBy('publishDate', 'desc').orderBy('id', 'desc').execute();
  return withImages(db, rows.map(toNews));
}

/** One news item; 404 when missing, or when scheduled and the reader may not see scheduled items. */
export async function newsById(db: DB, id: number, opts: { includeScheduled?: boolean } = {}): Promise<News> {
  const row = await db.selectFrom('news').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row || (!opts.includeScheduled && new Date(row.publishDate).getTime() > Date.now())) throw notFound('News item');
  return (await withImages(db, [toNews(row)]))[0]!;
}

/** Creates a news item (POST /api/news and /api/news-direct alike); the signed-in administrator publishes it. */
export async function createNews(db: DB, input: CreateNewsInput, userId: number): Promise<News> {
  const row = await db
    .insertInto('news')
    .values({
      title: input.title,
      content: input.content,
      publishDate: new Date(input.publishDate),
      publishedBy: userId,
      featured: input.featured,
      ...imageColumns(input),
    })
    .returning(columns)
    .executeTakeFirstOrThrow()
    .catch((err) => {
      throw pictureError(err);
    });
  return (await withImages(db, [toNews(row)]))[0]!;
}

/** Replaces a news item; 404 when missing. Its publisher stays who first published it. */
export async function updateNews(db: DB, input: UpdateNewsInput): Promise<News> {
  const row = await db
    .updateTable('news')
    .set({
      title: input.title,
      content: input.content,
      publishDate: new Date(input.publishDate),
      featured: input.featured,
      ...imageChanges(input),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', input.id)
    .returning(columns)
    .executeTakeFirst()
    .catch((err) => {
      throw pictureError(err);
    });
  if (!row) throw notFound('News item');
  return (await withImages(db, [toNews(row)]))[0]!;
}

/** Deletes a news item; 404 when missing. */
export async function deleteNews(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('news').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('News item');
}
