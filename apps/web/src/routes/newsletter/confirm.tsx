import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { text } from '../../lib/search.ts';
import { NewsletterConfirmPage } from '../../features/mail-links/newsletter-links.tsx';

export const Route = createFileRoute('/newsletter/confirm')({
  head: ({ match }) => seo(match.context, { title: 'Confirm Your Subscription', path: '/newsletter/confirm', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function NewsletterConfirmRoute() {
    const { token } = Route.useSearch();
    return <NewsletterConfirmPage token={token} />;
  },
});
