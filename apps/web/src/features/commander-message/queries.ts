import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc, type AppTrpcClient } from '../../lib/trpc.ts';
import { optionalQueryOptions } from '../../lib/optional-query.ts';

/** The active commander message, or null when there is none (decisions §3). */
export function activeMessageQuery(client: AppTrpcClient) {
  return optionalQueryOptions(getQueryKey(trpc.commanderMessages.active, undefined, 'query'), () => client.commanderMessages.active.query());
}

/** The Post Commander's name, or null when no active member holds the role (decisions §2). */
export function postCommanderQuery(client: AppTrpcClient) {
  return optionalQueryOptions(getQueryKey(trpc.members.postCommander, undefined, 'query'), () => client.members.postCommander.query());
}

/** Loader: warms the message and, when the message has no name, the Post Commander's. */
export async function prefetchCommanderMessage({ queryClient, trpcClient }: { queryClient: QueryClient; trpcClient: AppTrpcClient }) {
  const message = await queryClient.ensureQueryData(activeMessageQuery(trpcClient));
  if (message && !message.commanderName) await queryClient.ensureQueryData(postCommanderQuery(trpcClient));
}
