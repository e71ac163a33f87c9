import { lazy, Suspense, useEffect, useState } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { CrisisBar } from '../layout/crisis-bar.tsx';
import { Header } from '../layout/header.tsx';
import { Footer } from '../layout/footer.tsx';
import { NotFoundPage } from '../layout/not-found.tsx';
import { markToasterMounted } from '../lib/toast.ts';
import { Defer, nextTask, whenHydrated } from '../components/defer.tsx';

// Toasts follow what a person does, so their library loads once the page is interactive:
// sonner's module in one task (evaluating it inserts its stylesheet, which restyles the whole
// page), the toaster's first render in the next, so neither keeps a tap waiting for long.
const Toaster = lazy(() =>
  import('@post/ui/components/sonner').then(async (m) => {
    await nextTask();
    return { default: m.Toaster };
  }),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header and footer show the post's own settings from the first server-rendered byte.
  loader: ({ context }) => context.trpcUtils.siteSettings.get.ensureData(),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/** Toasts, once every part of the page has hydrated (its own component, so the layout does not render twice). */
function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    void whenHydrated().then(() => setWanted(true));
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
      <ToasterMounted />
    </Suspense>
  ) : null;
}

/** Renders nothing; its effect runs after the toaster's own (siblings in order), so sonner listens by then. */
function ToasterMounted() {
  useEffect(markToasterMounted, []);
  return null;
}

function RootLayout() {
  // Tells people's tools and the browser tests that the page is interactive: every part hydrated.
  useEffect(() => {
    void whenHydrated().then(() => {
      document.documentElement.dataset.ready = 'true';
    });
  }, []);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to main content
      </a>
      <CrisisBar />
      <Defer>
        <Header />
      </Defer>
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <Outlet />
      </main>
      <Defer>
        <Footer />
      </Defer>
      <LazyToaster />
    </>
  );
}
