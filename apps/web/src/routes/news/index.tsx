import { seo, settingsOf } from '../../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '../../features/news/news-list-page.tsx';
import { prefetchAll } from '../../lib/optional-query.ts';

export const Route = createFileRoute('/news/')({
  head: ({ match }) =>
    seo(match.context, { title: 'Post News', description: `News and announcements from ${settingsOf(match.context).postName}.`, path: '/news' }),
  loader: ({ context }) => prefetchAll([context.trpcUtils.news.list.ensureData()]),
  component: NewsListPage,
});
