import { seo } from '../lib/seo.ts';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { oneOf } from '../lib/search.ts';
import { LoginPage } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/login')({
  head: ({ match }) => seo(match.context, { title: 'Sign In', description: "Sign in to the member portal or the post's administration.", path: '/login' }),
  validateSearch: (s: Record<string, unknown>): { tab?: 'admin' | 'member' } => ({ tab: oneOf(s.tab, ['admin', 'member'] as const) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: '/login' });
  return <LoginPage tab={tab ?? 'admin'} onTabChange={(t) => navigate({ search: { tab: t }, replace: true })} />;
}
