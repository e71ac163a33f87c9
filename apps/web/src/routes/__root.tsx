import { lazy, Suspense, useEffect } from 'react';
import { createRootRouteWithContext, HeadContent, Outlet, useRouter } from '@tanstack/react-router';
import { commonMessages } from '@post/contracts/messages/common';
import type { RouterContext } from '../router.tsx';
import { CrisisBar } from '../layout/crisis-bar.tsx';
import { Footer } from '../layout/footer.tsx';
import { Header } from '../layout/header.tsx';
import { NotFoundPage } from '../layout/not-found.tsx';
import { seo, settingsOf } from '../lib/seo.ts';

// Toasts come only after something the visitor did: the toaster (sonner and the CSS it inserts)
// comes after the app's code too; sonner keeps a toast shown before it arrives (decision 0063).
const Toaster = lazy(() => import('@post/ui/components/sonner').then((m) => ({ default: m.Toaster })));

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header and footer show the post's own settings from the first server-rendered byte.
  loader: ({ context }) => context.trpcUtils.siteSettings.get.ensureData(),
  // The post's name as the title of any page that names none (signed-in pages); the 404 page's.
  head: ({ match, matches }) =>
    matches.some((m) => m.status === 'notFound' || m._notFound === true)
      ? seo(match.context, { title: commonMessages.pageNotFound, documentTitle: commonMessages.pageNotFound, noindex: true })
      : seo(match.context, { title: settingsOf(match.context).postName }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  // Tells people's tools and the browser tests that the page is interactive (hydrated).
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  // The server renders the head tags on their own, into <head> (entry-server.tsx). In the
  // browser React 19 hoists them into <head>: while hydrating it takes over the server's
  // tags (they are not part of the body's markup), later it keeps them current.
  const isServer = useRouter().isServer;
  return (
    <>
      {isServer ? null : <HeadContent />}
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to main content
      </a>
      <CrisisBar />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <Outlet />
      </main>
      <Footer />
      {/* The toaster's container is in the page from the first render: a dialog opened before
          the toaster's code arrives (one open from the URL) hides everything outside it from
          screen readers but [aria-live] elements (Radix, through aria-hidden), and would
          otherwise hide the toasts that arrive while it is open (mail.e2e, the outbox's Retry).
          "off": the toaster's own region inside announces the toasts. */}
      <div aria-live="off">
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </div>
    </>
  );
}
