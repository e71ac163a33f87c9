import { useEffect } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '@post/ui/components/sonner';
import type { RouterContext } from '../router.tsx';
import { CrisisBar } from '../layout/crisis-bar.tsx';
import { Header } from '../layout/header.tsx';
import { Footer } from '../layout/footer.tsx';
import { NotFoundPage } from '../layout/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  // Tells people's tools and the browser tests that the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to main content
      </a>
      <CrisisBar />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </>
  );
}
