import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { NewsFormPage } from '../../features/news/news-form.tsx';

export const Route = createFileRoute('/admin/news')({
  staticData: { redirectToLogin: true },
  // ?id= edits that news item; without it the page creates one (spec §2).
  validateSearch: (s: Record<string, unknown>): { id?: number } => ({ id: parseId(s.id) }),
  component: NewsRoute,
});

function NewsRoute() {
  const { id } = Route.useSearch();
  return <NewsFormPage key={id ?? 'new'} id={id} />;
}
