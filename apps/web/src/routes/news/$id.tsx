import { createFileRoute } from '@tanstack/react-router';
import { NewsItemPage } from '../../features/news/news-item-page.tsx';
import { newsIdOf, newsItemQuery } from '../../features/news/queries.ts';
import { prefetchAll } from '../../lib/optional-query.ts';

export const Route = createFileRoute('/news/$id')({
  // `found: false` (no such item: the read answered 404) makes the server answer 404 (issue 23 #16).
  loader: async ({ context, params }) => {
    const id = newsIdOf(params.id);
    if (id === undefined) return { found: false };
    const query = newsItemQuery(context.trpcClient, id);
    await prefetchAll([context.queryClient.ensureQueryData(query)]);
    return { found: context.queryClient.getQueryData(query.queryKey) !== null };
  },
  component: NewsRoute,
});

function NewsRoute() {
  const { id } = Route.useParams();
  return <NewsItemPage id={id} />;
}
