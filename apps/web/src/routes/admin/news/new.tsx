import { createFileRoute } from '@tanstack/react-router';
import { NewsFormPage } from '../../../features/news/news-form.tsx';

export const Route = createFileRoute('/admin/news/new')({
  // Without a session the news form goes to /admin/login (spec §2).
  staticData: { redirectToLogin: true },
  component: () => <NewsFormPage />,
});
