import { useEffect, useRef, useState } from 'react';
import { createFileRoute, Link, Outlet, useLocation, useMatches, useNavigate } from '@tanstack/react-router';
import { TEXT } from '@post/contracts/messages';
import { SESSION_T } from '@post/contracts/session-messages';
import { toast } from 'sonner';
import { useAdminSession } from '../../features/auth/use-session.ts';
import { LoginPage } from '../../features/auth/login-page.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Without a session, go to /admin/login instead of showing the login page in place (spec §2). */
    redirectToLogin?: boolean;
    /** Administrators only (decision 0031): an editor sees "You don't have access to this page". */
    administratorOnly?: boolean;
  }
}

export const Route = createFileRoute('/admin')({ component: AdminGuard });

/**
 * The admin guard: 'Loading...' while checking, then the page or the login page. Signing in
 * there (or on /admin/login, for the pages that redirect) comes back to this same page, where a
 * form's draft is restored; a failed save that answers 401 re-reads the check to get here.
 */
function AdminGuard() {
  const session = useAdminSession();
  const redirect = useMatches({ select: (ms) => ms.some((m) => m.staticData?.redirectToLogin) });
  const here = useLocation({ select: (l) => l.href });
  // The page rendered, not the address: while the router moves to the setup page the address is
  // already there, and the page being left (the dashboard) must not render and ask for what the
  // account may not read yet (issue 46 #9).
  const path = useMatches({ select: (ms) => ms.at(-1)?.pathname.replace(/\/$/, '') });
  const administratorOnly = useMatches({ select: (ms) => ms.some((m) => m.staticData?.administratorOnly) });
  // Signed in before in this visit: a login page shown now is a session that has lapsed.
  const signedIn = session.data?.authenticated === true;
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (signedIn && !wasSignedIn) setWasSignedIn(true);
  // After signing in (a full page load, ?signedIn=1 from the login form): say so now that the
  // page is here, and drop the marker so a reload or a bookmark does not say it again.
  // A setup step to do first (a temporary password, a required second factor): the page that does
  // it replaces this one, and the marker goes with it.
  const setup = session.data?.mustChangePassword ? '/admin/change-password' : session.data?.mustEnrolTwoFactor ? '/admin/account' : null;
  useEffect(() => {
    if (!signedIn) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('signedIn') !== '1') return;
    if (!setup) {
      url.searchParams.delete('signedIn');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    toast.success(SESSION_T.adminLoginSuccess.title, { description: SESSION_T.adminLoginSuccess.description });
  }, [signedIn, setup]);
  if (session.isPending) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">
        {TEXT.loading}
      </p>
    );
  }
  if (!session.data?.authenticated) {
    if (redirect) return <RedirectToLogin returnTo={here} lapsed={wasSignedIn} />;
    return (
      <>
        <>
          <meta name="robots" content="noindex" />
        </>
        <LoginPage tab="admin" returnTo={here} lapsed={wasSignedIn} />
      </>
    );
  }
  if (setup && path !== setup) return <GoTo to={setup} />;
  if (administratorOnly && session.data.role !== 'administrator') return <NoAccess />;
  return (
    <>
      <>
        <meta name="robots" content="noindex" />
      </>
      <Outlet />
    </>
  );
}

/** What an editor sees on an administrators-only page: a plain sentence and the way back. */
function NoAccess() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <title>No access</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-navy-800">You don't have access to this page</h1>
      <p className="mt-3 text-lg">This page is for the post's administrators. Your account is an editor account: you can manage the website's content.</p>
      <p className="mt-4 text-lg">
        <Link to="/admin" className="font-medium text-navy-700 underline">
          Back to Dashboard
        </Link>
      </p>
    </div>
  );
}

/** Goes to the page of a setup step the account must do first (that page says why). */
function GoTo({ to }: { to: '/admin/change-password' | '/admin/account' }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to, replace: true });
  }, [navigate, to]);
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">
      {TEXT.loading}
    </p>
  );
}

/**
 * Goes to /admin/login?returnTo=. In a passive effect (unlike <Navigate>), so that the "unsaved
 * changes" blocker of a form unmounted in the same commit is released first and does not hold it.
 */
function RedirectToLogin({ returnTo, lapsed }: { returnTo: string; lapsed: boolean }) {
  const navigate = useNavigate();
  // Once, with the page as it was: while the navigation runs, the location already changes.
  const [target] = useState({ returnTo, expired: lapsed || undefined });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void navigate({ to: '/admin/login', search: target, replace: true });
  }, [navigate, target]);
  return null;
}
