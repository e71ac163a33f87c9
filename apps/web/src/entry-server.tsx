import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryHistory, HeadContent, RouterContextProvider } from '@tanstack/react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { makeQueryClient, makeTrpcClient, type AppRouter } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import { setServerSanitizer } from './lib/sanitize.ts';
import { setServerLanguage } from './features/qr/qr-messages.ts';
import type { RenderResult, SignedInPage } from '@post/contracts/ssr';
import { pageModules } from './page-modules.ts';

/**
 * Whether a path is one of the app's pages: the server answers 404 for the signed-in pages'
 * shell (not rendered on the server) when the path is none of them (issue 23 #16).
 */
export function isKnownPath(pathname: string): boolean {
  const foundRoute = routeMatcher().getMatchedRoutes(pathname)[2];
  if (foundRoute === undefined || foundRoute.id === '__root__') return false;
  // With no route for the whole path the router names the nearest parent (/admin for
  // /admin/nothing): the path is the route's only when it has as many segments (or a splat).
  const segments = (p: string) => p.split('/').filter(Boolean).length;
  return foundRoute.fullPath.endsWith('$') || segments(foundRoute.fullPath) === segments(pathname);
}

/**
 * The code a signed-in page needs beyond the entry's: its matched routes' chunks. The server
 * names them in the page it sends a signed-in visitor, so a phone fetches them with the entry
 * instead of after the sign-in check (decision 0101).
 */
export function modulesFor(pathname: string): string[] {
  return pageModules(routeMatcher().getMatchedRoutes(pathname)[0]);
}

let matcher: ReturnType<typeof createAppRouter> | undefined;
const routeMatcher = () => (matcher ??= createAppRouter({ queryClient: makeQueryClient(), trpcClient: makeTrpcClient(), origin: '' }, createMemoryHistory()));

/** The app's router at `url` with its data loaded through `link`: the routes' guards and loaders, and both sign-in checks. */
async function loadPage(url: string, link: TRPCLink<AppRouter>, origin: string) {
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient(link);
  const router = createAppRouter({ queryClient, trpcClient, origin }, createMemoryHistory({ initialEntries: [url] }));
  // The visitor's own header (an administrator's links, a member's "Hi") is in the first paint,
  // and hydration agrees with it, so no answer arriving mid-hydration re-renders it (decision 0080).
  const { trpcUtils } = router.options.context;
  await Promise.all([router.load(), trpcUtils.adminAuth.check.prefetch(), trpcUtils.memberAuth.session.prefetch()]);
  return { queryClient, trpcClient, router };
}

/**
 * A signed-in page's data, read on the server with the visitor's session, for the page's shell
 * to bring: the browser renders the page from it at once instead of asking for the sign-in check
 * and then the page's reads one after the other (decision 0103). A page whose route is marked
 * `renderOnServer`, shown to a visitor allowed to see it, is also rendered, and the browser
 * hydrates it (decision 0108).
 */
export async function load({ url, link, origin }: { url: string; link: TRPCLink<AppRouter>; origin: string }): Promise<SignedInPage> {
  const { queryClient, trpcClient, router } = await loadPage(url, link, origin);
  const { matches } = router.state;
  const shown = matches.every((m) => m.status === 'success') && matches.some((m) => m.staticData.renderOnServer);
  const guard = matches.find((m) => m.routeId === '/admin')?.context as { admin?: { show: string } } | undefined;
  if (!shown || guard?.admin?.show !== 'page') return { dehydrated: dehydrate(queryClient) };
  // A page that fails to render still brings its data: the browser draws it, as any signed-in page.
  const rendered = await draw(router, queryClient, trpcClient).catch((err: unknown) => {
    console.error('server rendering:', err);
    return undefined;
  });
  return { dehydrated: dehydrate(queryClient), rendered };
}

/**
 * Renders a public page on the server: the route's loaders fill the query cache through
 * `link` (in-process tRPC calls), then the app renders to HTML with that data, and the
 * routes' `head()` (title, description, OpenGraph) through the router's own <HeadContent>.
 */
export async function render({
  url,
  link,
  origin,
  sanitizeCommanderHtml,
  acceptLanguage,
}: {
  url: string;
  link: TRPCLink<AppRouter>;
  origin: string;
  sanitizeCommanderHtml: (html: string) => string;
  acceptLanguage?: string;
}): Promise<RenderResult> {
  setServerSanitizer(sanitizeCommanderHtml);
  setServerLanguage(acceptLanguage);
  const { queryClient, trpcClient, router } = await loadPage(url, link, origin);
  // A loader answers `{ found: false }` or null when the page's item does not exist (/news/9999).
  const notFound = router.state.matches.some(
    (m) => m.status === 'notFound' || m._notFound === true || m.loaderData === null || (m.loaderData as { found?: boolean } | undefined)?.found === false,
  );
  const { html, head } = await draw(router, queryClient, trpcClient);
  return {
    html,
    head,
    dehydrated: dehydrate(queryClient),
    modules: pageModules(router.state.matches.map((m) => router.routesById[m.routeId])),
    status: notFound ? 404 : 200,
    // The QR generator's labels follow Accept-Language: caches must keep one copy per language.
    vary: router.state.matches.some((m) => m.routeId === '/QRG') ? 'Accept-Language' : undefined,
  };
}

/** The app's markup at the router's loaded page, and its head tags on their own. */
async function draw(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient, trpcClient: ReturnType<typeof makeTrpcClient>) {
  // Rendered whole before it is sent (React's prerender waits for every Suspense boundary):
  // parts behind one (a lazily loaded component, such as the sign-in forms) are in the HTML
  // too, and hydrate once their code is there (selective hydration). Nothing streams, so no
  // inline script is needed (the CSP allows none).
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} trpcClient={trpcClient} />, {
    // Otherwise React moves a large boundary's content to the end of the page and reveals it
    // with an inline script, which the CSP blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (err) => console.error('server rendering:', err),
  });
  const html = await new Response(prelude).text();
  // The head on its own: React escapes every value, and in the browser the same
  // <HeadContent> (in the root layout) takes these tags over and keeps them current.
  const head = renderToString(
    <RouterContextProvider router={router}>
      <HeadContent />
    </RouterContextProvider>,
  );
  return { html, head };
}
