import { prefetchAll } from './optional-query.ts';

/**
 * Loader helper for a signed-in page: the server waits for its reads, to bring them with the
 * page's shell; the browser starts them and shows the page at once, each part with its own
 * loading state, and the door page its list kept on the phone. Apart from optional-query.ts, which
 * the app's entry carries: only the admin area's loaders use it (decision 0103).
 */
export function warmAll(reads: Promise<unknown>[]): Promise<void> | undefined {
  const all = prefetchAll(reads);
  return typeof window === 'undefined' ? all : undefined;
}
