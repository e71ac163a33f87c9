import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '../../features/news/news-list-page.tsx';
import { prefetchAll } from '../../lib/optional-query.ts';

export const Route = createFileRoute('/news/')({
  loader: ({ context }) => prefetchAll([context.trpcUtils.news.list.ensureData()]),
  component: NewsListPage,
});
