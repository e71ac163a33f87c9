import { getQueryKey } from '@trpc/react-query';
import { trpc, type AppTrpcClient } from '../../lib/trpc.ts';
import { optionalQueryOptions } from '../../lib/optional-query.ts';

/** The active community engagement highlight, or null when there is none (decisions §3). */
export function activeEngagementQuery(client: AppTrpcClient) {
  return optionalQueryOptions(getQueryKey(trpc.communityEngagements.active, undefined, 'query'), () => client.communityEngagements.active.query());
}
