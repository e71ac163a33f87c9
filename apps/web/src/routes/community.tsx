import { seo, settingsOf } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from '../features/community/community-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/community')({
  head: ({ match }) => {
    const s = settingsOf(match.context);
    return seo(match.context, {
      title: 'Community Programs',
      description: `How the members of ${s.postName} serve ${s.town || 'our community'} and beyond: current and past community programs.`,
      path: '/community',
    });
  },
  loader: ({ context }) => prefetchAll([context.trpcUtils.communityEngagements.list.ensureData()]),
  component: CommunityPage,
});
