import { createFileRoute } from '@tanstack/react-router';
import { newsMessages } from '@post/contracts/messages/news';
import { NewsItemPage } from '../../features/news/news-item-page.tsx';
import { parseId } from '@post/contracts/ids';
import { orNull } from '../../lib/optional-query.ts';
import { excerpt } from '../../lib/news-text.ts';
import { seo } from '../../lib/seo.ts';

export const Route = createFileRoute('/news/$id')({
  // The item (null when there is none, which makes the server answer 404 (issue 23 #16); undefined when it could not be read: the page shows its error).
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return null;
    try {
      return await context.queryClient.ensureQueryData(orNull(context.trpcUtils.news.byId.queryOptions({ id })));
    } catch {
      return undefined;
    }
  },
  head: ({ match, loaderData }) =>
    loaderData
      ? seo(match.context, {
          title: loaderData.title,
          description: excerpt(loaderData.content, 155),
          path: `/news/${loaderData.id}`,
          type: 'article',
          image: loaderData.image
            ? { path: loaderData.image.urls.jpeg.at(-1)!.url, width: loaderData.image.width, height: loaderData.image.height, alt: loaderData.imageAlt ?? '' }
            : undefined,
        })
      : seo(match.context, { title: loaderData === null ? newsMessages.notFound : 'Post News', noindex: true }),
  component: NewsRoute,
});

function NewsRoute() {
  const { id } = Route.useParams();
  return <NewsItemPage id={id} />;
}
