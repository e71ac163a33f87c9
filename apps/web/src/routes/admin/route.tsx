import { createFileRoute, Navigate, Outlet, useMatches } from '@tanstack/react-router';
import { TEXT } from '@post/contracts/messages';
import { useAdminSession } from '../../features/auth/use-session.ts';
import { LoginPage } from '../../features/auth/login-page.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Without a session, go to /admin/login instead of showing the login page in place (spec §2). */
    redirectToLogin?: boolean;
  }
}

export const Route = createFileRoute('/admin')({ component: AdminGuard });

/** The admin guard: 'Loading...' while checking, then the page or the login page. */
function AdminGuard() {
  const session = useAdminSession();
  const redirect = useMatches({ select: (ms) => ms.some((m) => m.staticData?.redirectToLogin) });
  if (session.isPending) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">
        {TEXT.loading}
      </p>
    );
  }
  if (!session.data?.authenticated) {
    if (redirect) return <Navigate to="/admin/login" replace />;
    return (
      <>
        <meta name="robots" content="noindex" />
        <LoginPage tab="admin" />
      </>
    );
  }
  return (
    <>
      <meta name="robots" content="noindex" />
      <Outlet />
    </>
  );
}
