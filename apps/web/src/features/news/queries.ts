import { optionalQueryOptions } from '../../lib/optional-query.ts';
import type { AppTrpcClient } from '../../lib/trpc.ts';

// Kept apart from the page so the route's loader does not pull the page into the first chunk.

/** One news item, or null when it does not exist. */
export function newsItemQuery(client: AppTrpcClient, id: number) {
  return optionalQueryOptions(['news', 'byId'], () => client.news.byId.query({ id }), { id });
}
