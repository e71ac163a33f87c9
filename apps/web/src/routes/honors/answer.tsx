import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { text } from '../../lib/search.ts';
import { HonorsAnswerPage } from '../../features/honors/honors-answer.tsx';

export const Route = createFileRoute('/honors/answer')({
  head: ({ match }) => seo(match.context, { title: 'Funeral Honors Call-Out', path: '/honors/answer', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function HonorsAnswerRoute() {
    const { token } = Route.useSearch();
    return <HonorsAnswerPage token={token} />;
  },
});
