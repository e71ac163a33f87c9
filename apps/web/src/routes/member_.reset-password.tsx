import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../lib/seo.ts';
import { text } from '../lib/search.ts';
import { ResetPasswordPage } from '../features/auth/password-reset-pages.tsx';

export const Route = createFileRoute('/member_/reset-password')({
  head: ({ match }) => seo(match.context, { title: 'Choose a New Password', path: '/member/reset-password', noindex: true }),
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: text(s.token, 200) }),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
