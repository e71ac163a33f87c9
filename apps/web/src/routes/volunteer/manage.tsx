import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { text } from '../../lib/search.ts';
import { VolunteerManagePage } from '../../features/mail-links/volunteer-manage.tsx';

export const Route = createFileRoute('/volunteer/manage')({
  head: ({ match }) => seo(match.context, { title: 'Your Volunteer Sign-Ups', path: '/volunteer/manage', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function VolunteerManageRoute() {
    const { token } = Route.useSearch();
    return <VolunteerManagePage token={token} />;
  },
});
