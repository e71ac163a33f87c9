import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { makeQueryClient, makeTrpcClient, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import './styles.css';

const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient();
const router = createAppRouter({ queryClient, trpcClient });

// The server puts the data of the first page into a JSON block (not a script, so a strict
// CSP holds): the site settings always, and the query cache a server-rendered page used.
const appData = document.getElementById('app-data')?.textContent;
if (appData) {
  const data = JSON.parse(appData) as { settings: unknown; dehydrated?: unknown };
  queryClient.setQueryData(getQueryKey(trpc.siteSettings.get, undefined, 'query'), data.settings);
  if (data.dehydrated) hydrate(queryClient, data.dehydrated);
}

const container = document.getElementById('app')!;
const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} origin={window.location.origin} />;
if (container.hasChildNodes()) {
  // Server-rendered: load the route (its code chunk; data is already cached), then hydrate.
  // Marking the router as hydrating from SSR makes it render the same tree as the server
  // (no Suspense boundary around the root), as TanStack's own hydrate() does.
  (router as unknown as { ssr: { manifest: undefined } }).ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
