import { createFileRoute } from '@tanstack/react-router';
import { NewsItemPage } from '../../features/news/news-item-page.tsx';
import { newsIdOf, newsItemQuery } from '../../features/news/queries.ts';
import { prefetchAll } from '../../lib/optional-query.ts';

export const Route = createFileRoute('/news/$id')({
  loader: ({ context, params }) => {
    const id = newsIdOf(params.id);
    return prefetchAll(id === undefined ? [] : [context.queryClient.ensureQueryData(newsItemQuery(context.trpcClient, id))]);
  },
  component: NewsRoute,
});

function NewsRoute() {
  const { id } = Route.useParams();
  return <NewsItemPage id={id} />;
}
