import { z } from './zod.ts';
import { MAX_PAGE } from './limits.ts';
import { pagingMessages } from './messages/paging.ts';

/**
 * Paged admin lists (issue 20): 25 rows a page, an optional search text, the total count for
 * "Showing 1–25 of 2,000". The web reads the same parameters from the URL.
 */
export const PAGE_SIZE = 25;

/** ?page=: 1 when absent. */
export const PageNumber = z.coerce
  .number({ error: pagingMessages.page })
  .int(pagingMessages.page)
  .min(1, pagingMessages.page)
  .max(MAX_PAGE, pagingMessages.page)
  .default(1);
/** ?q=: trimmed; empty means no search. */
export const SearchText = z
  .string()
  .trim()
  .max(100, pagingMessages.searchTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A page of `item`s with the total the filter matches. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/** The pattern of a case-insensitive "contains" search with LIKE's own characters escaped. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
