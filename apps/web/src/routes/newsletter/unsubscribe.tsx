import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { text } from '../../lib/search.ts';
import { NewsletterUnsubscribePage } from '../../features/mail-links/newsletter-links.tsx';

export const Route = createFileRoute('/newsletter/unsubscribe')({
  head: ({ match }) => seo(match.context, { title: 'Unsubscribe', path: '/newsletter/unsubscribe', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function NewsletterUnsubscribeRoute() {
    const { token } = Route.useSearch();
    return <NewsletterUnsubscribePage token={token} />;
  },
});
