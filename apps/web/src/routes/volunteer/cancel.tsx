import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { text } from '../../lib/search.ts';
import { VolunteerCancelPage } from '../../features/mail-links/volunteer-cancel.tsx';

export const Route = createFileRoute('/volunteer/cancel')({
  head: ({ match }) => seo(match.context, { title: 'Cancel Your Sign-Up', path: '/volunteer/cancel', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function VolunteerCancelRoute() {
    const { token } = Route.useSearch();
    return <VolunteerCancelPage token={token} />;
  },
});
