import { queryOptions, type QueryFunction, type SkipToken } from '@tanstack/react-query';
import { errorStatus } from './trpc.ts';

/**
 * A tRPC read where 404 means "there is none" (the active commander message, the active
 * highlight, the Post Commander, a news item): `orNull(utils.x.y.queryOptions(input))`, in a
 * route's loader and in the page alike. 404 becomes `null`, a value that can be cached,
 * server-rendered and hydrated like any other. The key is tRPC's own with an 'optional' mark,
 * which keeps the null apart from the same procedure's plain query (where 404 is an error);
 * `utils.x.y.invalidate()` still refreshes it (keys match by prefix).
 */
export function orNull<TData>(options: { queryKey: readonly unknown[]; queryFn?: QueryFunction<TData, never> | SkipToken }) {
  const read = options.queryFn as QueryFunction<TData, readonly unknown[]>;
  return queryOptions({
    queryKey: [...options.queryKey, 'optional'] as const,
    queryFn: async (context): Promise<TData | null> => {
      try {
        return await read(context);
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
