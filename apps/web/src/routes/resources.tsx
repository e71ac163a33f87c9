import { seo } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ResourcesPage } from '../features/resources/resources-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/resources')({
  head: ({ match }) =>
    seo(match.context, {
      title: 'Veteran Resources',
      description:
        'Health care, benefits and crisis support for veterans and their families: the Veterans Crisis Line, VA hotlines, local offices and national organisations.',
      path: '/resources',
    }),
  loader: ({ context }) => prefetchAll([context.trpcUtils.resources.list.ensureData()]),
  component: ResourcesPage,
});
