import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { cn } from '@post/ui/lib/utils';
import { makeQueryClient, makeTrpcClient, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import { beginHydration, nextTask } from './components/defer.tsx';
import { acceptServerTexts } from './lib/server-texts.ts';

// The app, loaded by main.tsx after the first paint. Start-up runs in short tasks with the
// browser free to handle a tap or paint between them (a phone's main thread must never be busy
// for long): read the page's data, make the router, load the route, prepare the class merger,
// then hydrate part by part (<Defer>).

async function start() {
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient();
  // The server puts the data of the first page into a JSON block (not a script, so a strict
  // CSP holds): the site settings always, and the query cache a server-rendered page used.
  const appData = document.getElementById('app-data')?.textContent;
  if (appData) {
    const data = JSON.parse(appData) as { settings: unknown; dehydrated?: unknown; texts?: Record<string, string> };
    acceptServerTexts(data.texts);
    queryClient.setQueryData(getQueryKey(trpc.siteSettings.get, undefined, 'query'), data.settings);
    if (data.dehydrated) hydrate(queryClient, data.dehydrated);
  }
  await nextTask();
  const router = createAppRouter({ queryClient, trpcClient });
  const container = document.getElementById('app')!;
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} origin={window.location.origin} />;
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  // Server-rendered: load the route (its code chunk; data is already cached), then hydrate.
  // Marking the router as hydrating from SSR makes it render the same tree as the server
  // (no Suspense boundary around the root), as TanStack's own hydrate() does.
  (router as unknown as { ssr: { manifest: undefined } }).ssr = { manifest: undefined };
  await router.load();
  await nextTask();
  // tailwind-merge builds its tables on first use (tens of milliseconds on a slow phone): here,
  // in a task of its own, rather than inside the first part to hydrate.
  cn('p-0', 'p-1');
  await nextTask();
  beginHydration();
  hydrateRoot(container, app);
}

void start();
