/// <reference lib="webworker" />
// The admin area's service worker (issue 59, decision 0084): keeps the app's code for the door
// without signal, and the check-in pages the page itself asked to keep while signed in. Pages are
// always asked of the server first; a kept page is answered only when there is no connection.
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The static routing API, not in TypeScript's lib yet: requests the browser answers itself, without waking the worker. */
type StaticRoutes = ExtendableEvent & {
  addRoutes?: (rules: { condition: { urlPattern: string }; source: 'network' | 'cache' | { cacheName: string } }[]) => Promise<void>;
};

/** Kept pages belong to one release: a new release starts with none, so no page outlives the code and API it was made for. */
const MANIFEST = self.__WB_MANIFEST;
const PAGES = `door-pages-${release(JSON.stringify(MANIFEST))}`;
const DOOR_PAGE = /^\/admin\/events\/\d+\/check-in\/?$/;

/** A short name of this release: a hash of its precache list, which names every file by its content. */
function release(list: string): string {
  let h = 0;
  for (let i = 0; i < list.length; i++) h = (Math.imul(h, 31) + list.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

// A new release takes over at once; the page that is open keeps its code until its next load.
void self.skipWaiting();
clientsClaim();
precacheAndRoute(MANIFEST);
cleanupOutdatedCaches();

// The app's code is read from the precache by the browser itself, where it can: no file waits for the worker (decision 0107).
self.addEventListener('install', (event: StaticRoutes) => {
  if (!event.addRoutes) return;
  event.waitUntil(event.addRoutes([{ condition: { urlPattern: '/assets/*' }, source: { cacheName: cacheNames.precache } }]).catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('door-pages-') && n !== PAGES).map((n) => caches.delete(n)))));
});

// The page asks for itself to be kept once it has loaded signed in (nothing is kept for a visitor).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type !== 'keep-door-page' || !data.url) return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !DOOR_PAGE.test(url.pathname)) return;
  url.search = '';
  event.waitUntil(
    caches.open(PAGES).then(async (cache) => {
      const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok && res.headers.get('content-type')?.startsWith('text/html')) await cache.put(url, res);
    }),
  );
});

registerRoute(({ request, url }) => request.mode === 'navigate' && DOOR_PAGE.test(url.pathname), new NetworkOnly({ networkTimeoutSeconds: 8 }));

// No connection: a kept door page, else the browser's own error.
setCatchHandler(async ({ request, url }) => {
  if (request.mode === 'navigate' && url && DOOR_PAGE.test(url.pathname)) {
    const kept = await caches.open(PAGES).then((c) => c.match(url.origin + url.pathname));
    if (kept) return kept;
  }
  return Response.error();
});
