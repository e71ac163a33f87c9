import { optionalQueryOptions } from '../../lib/optional-query.ts';
import { getQueryKey } from '@trpc/react-query';
import { trpc, type AppTrpcClient } from '../../lib/trpc.ts';

// Kept apart from the page so the route's loader does not pull the page into the first chunk.

/** One news item, or null when it does not exist. */
export function newsItemQuery(client: AppTrpcClient, id: number) {
  return optionalQueryOptions(getQueryKey(trpc.news.byId, { id }, 'query'), () => client.news.byId.query({ id }));
}
