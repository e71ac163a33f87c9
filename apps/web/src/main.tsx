import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { makeQueryClient, makeTrpcClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import type { FormatSeed } from './lib/format.ts';
import type { SiteSettingsOutput } from '@post/contracts/site-settings';

// The app's start, called by boot.ts once the page has loaded and painted. A public page
// arrives rendered on the server with its data in a JSON block (not a script: the CSP allows no
// inline script), which fills the query cache before React hydrates the same tree; a signed-in
// page's empty shell renders from scratch.
export function start() {
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient();
  const router = createAppRouter({ queryClient, trpcClient, origin: window.location.origin });
  const appData = document.getElementById('app-data')?.textContent;
  // The dates the server formatted the page with: hydration reads them back (lib/format.ts).
  const formats: FormatSeed = new Map();
  if (appData) {
    // The site settings always come with the page (the header of a signed-in page's shell needs
    // them too), the query cache and the dates only with a server-rendered page.
    const data = JSON.parse(appData) as { settings: SiteSettingsOutput; dehydrated?: unknown; formats?: Record<string, string> };
    router.options.context.trpcUtils.siteSettings.get.setData(undefined, data.settings);
    if (data.dehydrated) hydrate(queryClient, data.dehydrated);
    for (const [key, text] of Object.entries(data.formats ?? {})) formats.set(key, text);
  }
  const container = document.getElementById('app')!;
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} formats={formats} />;

  if (container.hasChildNodes()) {
    // Hydrating what the server rendered: the router renders the same tree as on the server
    // (no Suspense boundary around the root), as the router's own hydrate() sets it up; the
    // route's code chunk loads first (its data is already cached), so nothing suspends. As a
    // transition, hydration yields to the browser every few milliseconds (a paint, a tap) instead
    // of holding the main thread for the whole page (bench:tasks, 2026-11-25: /news's hydration
    // ran as tasks of 41, 75 and 25 ms observed; bench:web TBT /news 319 -> 212-285 ms, /login
    // 390 -> 271 ms on this session's slower machine).
    router.ssr = { manifest: undefined };
    void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
  } else {
    createRoot(container).render(app);
  }
}
