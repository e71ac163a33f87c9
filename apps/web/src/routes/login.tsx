import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ tab: z.enum(['admin', 'member']).optional().catch(undefined) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: '/login' });
  return (
    <>
      <title>Sign In</title>
      <meta name="description" content="Sign in to the member portal or the post's administration." />
      <LoginPage tab={tab ?? 'admin'} onTabChange={(t) => navigate({ search: { tab: t }, replace: true })} />
    </>
  );
}
