import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from '../features/community/community-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/community')({
  loader: ({ context }) => prefetchAll([context.trpcUtils.communityEngagements.list.ensureData()]),
  component: CommunityPage,
});
