import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { makeQueryClient, makeTrpcClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import type { SiteSettingsOutput } from '@post/contracts/site-settings';

// The page's one script, run as soon as it arrives (decision 0058). A public page arrives
// rendered on the server with its data in a JSON block (not a script: the CSP allows no inline
// script), which fills the query cache before React hydrates the same tree, as does a signed-in
// page whose route is rendered on the server (decision 0108); another signed-in page's empty
// shell renders from scratch.
const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient();
const router = createAppRouter({ queryClient, trpcClient, origin: window.location.origin });
const appData = document.getElementById('app-data')?.textContent;
if (appData) {
  // The site settings always come with the page (the header of a signed-in page's shell needs
  // them too), the query cache only with a server-rendered page.
  const data = JSON.parse(appData) as { settings: SiteSettingsOutput; dehydrated?: unknown };
  router.options.context.trpcUtils.siteSettings.get.setData(undefined, data.settings);
  if (data.dehydrated) hydrate(queryClient, data.dehydrated);
}
const container = document.getElementById('app')!;
const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} />;

if (container.hasChildNodes()) {
  // The router renders the same tree as on the server (no Suspense boundary around the root),
  // as its own hydrate() sets it up, once the route's code chunk is in (its data is already
  // cached), so nothing suspends. As a transition, hydration yields to a tap or a paint between
  // its slices instead of holding the main thread for the whole page.
  router.ssr = { manifest: undefined };
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // A page whose code and data are at hand is drawn whole, not after a "Loading..." React then holds back; a slow one still shows it (decision 0103).
  const loaded = Promise.race([router.load(), new Promise((resolve) => setTimeout(resolve, 300))]);
  // A load that fails still draws: the router shows its error where the page would be.
  void loaded.catch(() => undefined).then(() => createRoot(container).render(app));
}
