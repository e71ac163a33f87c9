import { queryOptions } from '@tanstack/react-query';
import type { getQueryKey } from '@trpc/react-query';
import { errorStatus } from './trpc.ts';

/**
 * Query options for a read where 404 means "there is none" (the active commander message,
 * the active highlight, the Post Commander): 404 becomes `null`, a value that can be cached,
 * server-rendered and hydrated like any other. `key` is tRPC's own key for the read
 * (`getQueryKey(trpc.x.y, input, 'query')`); an 'optional' mark after it keeps the null apart
 * from the same procedure's plain query (where 404 is an error), and
 * `utils.<router>.<procedure>.invalidate()` still refreshes it (keys match by prefix).
 */
export function optionalQueryOptions<T>(key: ReturnType<typeof getQueryKey>, fetch: () => Promise<T>) {
  return queryOptions({
    queryKey: [...key, 'optional'] as const,
    queryFn: async (): Promise<T | null> => {
      try {
        return await fetch();
      } catch (err) {
        if (errorStatus(err) === 404) return null;
        throw err;
      }
    },
  });
}

/** Loader helper: warms every read, never fails (each section shows its own error state). */
export async function prefetchAll(reads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(reads);
}
