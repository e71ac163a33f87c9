import { optionalQueryOptions } from '../../lib/optional-query.ts';
import type { AppTrpcClient } from '../../lib/trpc.ts';

// Kept apart from the page so the route's loader does not pull the page into the first chunk.

/** One news item, or null when it does not exist. */
export function newsItemQuery(client: AppTrpcClient, id: number) {
  return optionalQueryOptions(['news', 'byId'], () => client.news.byId.query({ id }), { id });
}

/** The numeric id of /news/{id}, or undefined when it cannot be one. */
export function newsIdOf(param: string): number | undefined {
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : undefined;
}

