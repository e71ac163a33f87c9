import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../lib/seo.ts';
import { ForgotPasswordPage } from '../features/auth/password-reset-pages.tsx';

export const Route = createFileRoute('/member_/forgot-password')({
  head: ({ match }) => seo(match.context, { title: 'Forgot Your Password?', path: '/member/forgot-password', noindex: true }),
  component: ForgotPasswordPage,
});
