import { getQueryKey } from '@trpc/react-query';
import { optionalQueryOptions } from '../../lib/optional-query.ts';
import { trpc, type AppTrpcClient } from '../../lib/trpc.ts';

// Kept apart from the pages so the routes' loaders do not pull them into the first chunk.

/** The honor roll, or null when Settings turned it off (the server answers 404). */
export function honorRollQuery(client: AppTrpcClient) {
  return optionalQueryOptions(getQueryKey(trpc.honorRoll.list, undefined, 'query'), () => client.honorRoll.list.query());
}

/** One departed member, or null when there is none (or the honor roll is off). */
export function honorRollEntryQuery(client: AppTrpcClient, id: number) {
  return optionalQueryOptions(getQueryKey(trpc.honorRoll.byId, { id }, 'query'), () => client.honorRoll.byId.query({ id }));
}
