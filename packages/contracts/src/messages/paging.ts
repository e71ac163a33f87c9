import { MAX_PAGE } from '../limits.ts';

/** The paged admin lists' page and search (issue 20). */
export const pagingMessages = {
  page: `Page must be a whole number from 1 to ${MAX_PAGE}.`,
  searchTooLong: 'Search text must be at most 100 characters.',
} as const;
