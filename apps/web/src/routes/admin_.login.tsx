import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { LoginPage, type LoginTab } from '../features/auth/login-page.tsx';
import { safeReturnTo } from '../lib/return-to.ts';

export const Route = createFileRoute('/admin_/login')({
  // ?returnTo= the admin page that sent here (its path on this site only): signing in goes back
  // there; ?expired=true when that page's session had just lapsed.
  validateSearch: (s: Record<string, unknown>): { returnTo?: string; expired?: boolean } => ({
    returnTo: safeReturnTo(s.returnTo),
    expired: s.expired === true || s.expired === 'true' ? true : undefined,
  }),
  component: AdminLoginRoute,
});

function AdminLoginRoute() {
  const { returnTo, expired } = Route.useSearch();
  const [tab, setTab] = useState<LoginTab>('admin');
  return (
    <>
      <>
        <title>Sign In</title>
        <meta name="robots" content="noindex" />
      </>
      <LoginPage tab={tab} onTabChange={setTab} returnTo={returnTo} lapsed={expired} />
    </>
  );
}
