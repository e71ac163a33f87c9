import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { oneOf } from '../lib/search.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { Seo } from '../components/seo.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (s: Record<string, unknown>): { tab?: 'admin' | 'member' } => ({ tab: oneOf(s.tab, ['admin', 'member'] as const) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: '/login' });
  return (
    <>
      <Seo title="Sign In" description="Sign in to the member portal or the post's administration." path="/login" />
      <LoginPage tab={tab ?? 'admin'} onTabChange={(t) => navigate({ search: { tab: t }, replace: true })} />
    </>
  );
}
