import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { LoginPage, safeReturnTo, type LoginTab } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/admin_/login')({
  // ?returnTo= the admin page that sent here (its path on this site only): signing in goes back there.
  validateSearch: (s: Record<string, unknown>): { returnTo?: string } => ({ returnTo: safeReturnTo(s.returnTo) }),
  component: AdminLoginRoute,
});

function AdminLoginRoute() {
  const { returnTo } = Route.useSearch();
  const [tab, setTab] = useState<LoginTab>('admin');
  return (
    <>
      <title>Sign In</title>
      <meta name="robots" content="noindex" />
      <LoginPage tab={tab} onTabChange={setTab} returnTo={returnTo} />
    </>
  );
}
