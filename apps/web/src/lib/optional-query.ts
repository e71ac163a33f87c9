import { queryOptions } from '@tanstack/react-query';
import { errorStatus } from './trpc.ts';

/**
 * Query options for a read where 404 means "there is none" (the active commander message,
 * the active highlight, the Post Commander): 404 becomes `null`, a value that can be cached,
 * server-rendered and hydrated like any other. The key starts with the procedure's path, so
 * `utils.<router>.<procedure>.invalidate()` refreshes it too.
 */
export function optionalQueryOptions<T>(path: readonly [string, string], fetch: () => Promise<T>, input?: unknown) {
  return queryOptions({
    queryKey: [[...path], input === undefined ? { type: 'optional' } : { input, type: 'optional' }] as const,
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
