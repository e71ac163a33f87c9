import type { QueryClient } from '@tanstack/react-query';
import { orNull } from '../../lib/optional-query.ts';
import type { RouterContext } from '../../router.tsx';

/** Loader: warms the active message (null: none) and, when the message has no name, the Post Commander's (null: no one holds the role). */
export async function prefetchCommanderMessage({ queryClient, trpcUtils }: { queryClient: QueryClient; trpcUtils: RouterContext['trpcUtils'] }) {
  const message = await queryClient.ensureQueryData(orNull(trpcUtils.commanderMessages.active.queryOptions()));
  if (message && !message.commanderName) await queryClient.ensureQueryData(orNull(trpcUtils.members.postCommander.queryOptions()));
}
