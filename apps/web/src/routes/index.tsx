import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { prefetchCommanderMessage } from '../features/commander-message/queries.ts';
import { activeEngagementQuery } from '../features/community/queries.ts';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/')({
  loader: ({ context }) =>
    prefetchAll([
      context.trpcUtils.events.upcoming.ensureData(),
      context.trpcUtils.news.list.ensureData(),
      prefetchCommanderMessage(context),
      context.queryClient.ensureQueryData(activeEngagementQuery(context.trpcClient)),
    ]),
  component: HomePage,
});
