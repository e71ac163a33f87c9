import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec's address of the news form (?id= edits, without it creates) stays for bookmarks: it
// forwards to the editor's own pages (decision 0099).
export const Route = createFileRoute('/admin/news/')({
  staticData: { redirectToLogin: true },
  validateSearch: (s: Record<string, unknown>): { id?: string } => (s.id === undefined || s.id === '' ? {} : { id: String(s.id) }),
  beforeLoad: ({ search }) => {
    throw search.id === undefined
      ? redirect({ to: '/admin/news/new', replace: true })
      : redirect({ to: '/admin/news/$id', params: { id: search.id }, replace: true });
  },
});
