import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NewsFormPage } from '../../features/admin/forms/news-form.tsx';

export const Route = createFileRoute('/admin/news')({
  staticData: { redirectToLogin: true },
  // ?id= edits that news item; without it the page creates one (spec §2).
  validateSearch: z.object({ id: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined) }),
  component: NewsRoute,
});

function NewsRoute() {
  const { id } = Route.useSearch();
  return <NewsFormPage key={id ?? 'new'} id={id} />;
}
