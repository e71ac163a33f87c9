import type { DB } from '@post/db';
import type { CreateNewsInput, News, UpdateNewsInput } from '@post/contracts/news';

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** News, newest first. */
export async function listNews(_db: DB): Promise<News[]> {
  return todo();
}
/** One news item; 404 when missing. */
export async function newsById(_db: DB, _id: number): Promise<News> {
  return todo();
}
/** Creates a news item. */
export async function createNews(_db: DB, _input: CreateNewsInput, _userId: number): Promise<News> {
  return todo();
}
/** Replaces a news item; 404 when missing. */
export async function updateNews(_db: DB, _input: UpdateNewsInput): Promise<News> {
  return todo();
}
/** Deletes a news item; 404 when missing. */
export async function deleteNews(_db: DB, _id: number): Promise<void> {
  return todo();
}
