import { createFileRoute } from '@tanstack/react-router';
import { ResourcesPage } from '../features/resources/resources-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/resources')({
  loader: ({ context }) => prefetchAll([context.trpcUtils.resources.list.ensureData()]),
  component: ResourcesPage,
});
