import type { AppTrpcClient } from '../../lib/trpc.ts';
import { optionalQueryOptions } from '../../lib/optional-query.ts';

/** The active community engagement highlight, or null when there is none (decisions §3). */
export function activeEngagementQuery(client: AppTrpcClient) {
  return optionalQueryOptions(['communityEngagements', 'active'], () => client.communityEngagements.active.query());
}
