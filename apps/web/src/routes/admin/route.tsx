import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute, Link, Outlet, redirect, useLocation, useRouter, type StaticDataRouteOption } from '@tanstack/react-router';
import { commonMessages } from '@post/contracts/messages/common';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { useAdminSession } from '../../lib/use-session.ts';
import { loadToast } from '../../lib/load-toast.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Without a session, go to /admin/login instead of showing the login page in place (spec §2). */
    redirectToLogin?: boolean;
    /** Administrators only (decision 0031): an editor sees "You don't have access to this page". */
    administratorOnly?: boolean;
    /** A page whose first render depends only on its data: the server renders it for a signed-in visitor, the browser hydrates it (decision 0108). */
    renderOnServer?: boolean;
  }
}

// Its own chunk: a signed-in page does not fetch the sign-in form; the server names it for a visitor who is not signed in (decision 0104).
const LoginPage = lazy(() => import('../../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));

/** What the admin guard decided: the page, the login page in its place, or "no access". */
interface AdminGuard {
  admin: { show: 'page' | 'login' | 'no-access'; lapsed: boolean };
}

/** Whether any route matched marks itself with `flag` in its staticData. */
function marked(matches: readonly { staticData?: StaticDataRouteOption }[], flag: keyof StaticDataRouteOption): boolean {
  return matches.some((m) => m.staticData?.[flag]);
}

/** Signed in as an administrator earlier in this visit: a sign-in asked for now is a session that has lapsed. */
let signedInThisVisit = false;

export const Route = createFileRoute('/admin')({
  // The admin guard, decided before anything under /admin renders or reads (decision 0070).
  beforeLoad: async ({ context, location, matches }): Promise<AdminGuard> => {
    // Without signal the door page opens with the sign-in it was last opened with on this phone
    // (decision 0084); otherwise a check that fails (the connection dropped) counts as nobody.
    const session =
      (await offlineDoorSession(location.pathname)) ??
      (await context.trpcUtils.adminAuth.check.ensureData(undefined, { staleTime: 300_000 }).catch(() => null));
    if (session?.authenticated && navigator.onLine === false) context.trpcUtils.adminAuth.check.setData(undefined, session);
    const lapsed = signedInThisVisit;
    if (!session?.authenticated) {
      if (marked(matches, 'redirectToLogin'))
        throw redirect({ to: '/admin/login', search: { returnTo: location.href, expired: lapsed || undefined }, replace: true });
      // The login page in place of the page: signing in comes back here, where a form's draft is restored.
      return { admin: { show: 'login', lapsed } };
    }
    signedInThisVisit = true;
    // A setup step to do first (a temporary password, a required second factor): its page, which says why.
    const setup = session.mustChangePassword ? '/admin/change-password' : session.mustEnrolTwoFactor ? '/admin/account' : null;
    if (setup && location.pathname.replace(/\/$/, '') !== setup) throw redirect({ href: setup + location.searchStr, replace: true });
    return { admin: { show: marked(matches, 'administratorOnly') && session.role !== 'administrator' ? 'no-access' : 'page', lapsed } };
  },
  // 'Loading...' at once while the check is read; a check already at hand shows nothing.
  pendingComponent: Loading,
  pendingMs: 0,
  component: AdminRoute,
});

/** The door page's kept sign-in, when the phone has no connection (a check would only wait for one). */
async function offlineDoorSession(pathname: string) {
  // `=== false`: on the server, which reads a signed-in page's data, navigator.onLine is undefined (decision 0103).
  if (navigator.onLine !== false) return null;
  // Loaded only then: the route's guard is in every page's entry, public ones included.
  const door = await import('../../lib/door-store.ts');
  return door.DOOR_PAGE.test(pathname) ? ((await door.storedDoorSession()) ?? null) : null;
}

function Loading() {
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">
      {commonMessages.loading}
    </p>
  );
}

/** What the guard decided: the page, the login page in its place, or "no access". */
function AdminRoute() {
  const { admin } = Route.useRouteContext();
  const here = useLocation({ select: (l) => l.href });
  const session = useAdminSession();
  const signedIn = session.data?.authenticated === true;
  // After signing in (a full page load, ?signedIn=1 from the login form): say so now that the
  // page is here, and drop the marker so a reload or a bookmark does not say it again.
  useEffect(() => {
    if (!signedIn) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('signedIn') !== '1') return;
    url.searchParams.delete('signedIn');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    // At the top, under the header: at the bottom it covered the dashboard's tabs (decision 0096).
    const header = document.querySelector('[data-slot=site-header]')?.getBoundingClientRect().bottom ?? 0;
    document.documentElement.style.setProperty('--toast-top', `${Math.round(header) + 8}px`);
    void loadToast().then((toast) =>
      toast.success(signInMessages.adminLoginSuccess.title, { description: signInMessages.adminLoginSuccess.description, position: 'top-right' }),
    );
  }, [signedIn]);
  // The check, read again, disagrees with the guard (a save answered 401 and the session has
  // lapsed; the login in place has signed in): the guard decides again.
  if (session.data && signedIn === (admin.show === 'login')) return <Recheck />;
  if (admin.show === 'login')
    return (
      <>
        <meta name="robots" content="noindex" />
        <Suspense fallback={<Loading />}>
          <LoginPage tab="admin" returnTo={here} lapsed={admin.lapsed} />
        </Suspense>
      </>
    );
  if (admin.show === 'no-access') return <NoAccess />;
  return (
    <>
      <meta name="robots" content="noindex" />
      <Outlet />
    </>
  );
}

/** Runs the route's checks again (its beforeLoad decides what to show), from the top of the page. */
function Recheck() {
  const router = useRouter();
  useEffect(() => {
    // The router restores the scroll it had when the checks began: the page left was scrolled to its Save button.
    window.scrollTo(0, 0);
    void router.invalidate();
  }, [router]);
  return null;
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
