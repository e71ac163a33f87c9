import { seo, settingsOf } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { prefetchCommanderMessage } from '../features/commander-message/queries.ts';
import { orNull, prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/')({
  head: ({ match }) => {
    const s = settingsOf(match.context);
    return seo(match.context, {
      title: 'Home',
      documentTitle: `${s.postName} | Home`,
      description: `${s.postName}${s.town ? ` in ${s.town}` : ''}: events, volunteering, news, and help with health care, benefits and crisis support for veterans and their families.`,
      path: '/',
    });
  },
  loader: ({ context }) =>
    prefetchAll([
      context.trpcUtils.events.upcoming.ensureData(),
      context.trpcUtils.news.list.ensureData(),
      prefetchCommanderMessage(context),
      context.queryClient.ensureQueryData(orNull(context.trpcUtils.communityEngagements.active.queryOptions())),
    ]),
  component: HomePage,
});
