import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../../lib/seo.ts';
import { CheckInCodePage } from '../../features/mail-links/check-in-code-page.tsx';

export const Route = createFileRoute('/check-in/$code')({
  head: ({ match }) => seo(match.context, { title: 'Your Check-In Code', path: '/check-in', noindex: true }),
  component: function CheckInCodeRoute() {
    return <CheckInCodePage code={Route.useParams().code} />;
  },
});
