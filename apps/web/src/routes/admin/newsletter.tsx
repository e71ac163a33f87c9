import { createFileRoute } from '@tanstack/react-router';
import { NewsletterPage } from '../../features/admin/newsletter/newsletter-page.tsx';

export const Route = createFileRoute('/admin/newsletter')({
  staticData: { administratorOnly: true },
  component: NewsletterPage,
});
