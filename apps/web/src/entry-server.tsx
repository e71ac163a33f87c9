import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { dehydrate } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { makeQueryClient, makeTrpcClient, type AppRouter } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import { recordTexts } from './lib/server-texts.ts';
import { setServerSanitizer } from './features/commander-message/sanitize.ts';
import { setServerLanguage } from './features/qr/qr-messages.ts';
import type { RenderResult } from '@post/contracts/ssr';

/**
 * Whether a path is one of the app's pages: the server answers 404 for the signed-in pages'
 * shell (not rendered on the server) when the path is none of them (issue 23 #16).
 */
export function isKnownPath(pathname: string): boolean {
  matcher ??= createAppRouter({ queryClient: makeQueryClient(), trpcClient: makeTrpcClient() }, createMemoryHistory());
  const foundRoute = matcher.getMatchedRoutes(pathname)[2];
  if (foundRoute === undefined || foundRoute.id === '__root__') return false;
  // With no route for the whole path the router names the nearest parent (/admin for
  // /admin/nothing): the path is the route's only when it has as many segments (or a splat).
  const segments = (p: string) => p.split('/').filter(Boolean).length;
  return foundRoute.fullPath.endsWith('$') || segments(foundRoute.fullPath) === segments(pathname);
}
let matcher: ReturnType<typeof createAppRouter> | undefined;

/**
 * Renders a public page on the server: the route's loaders fill the query cache through
 * `link` (in-process tRPC calls), then the app renders to HTML with that data.
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
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient(link);
  const router = createAppRouter({ queryClient, trpcClient }, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // A route's loader answers `{ found: false }` when the page's item does not exist (/news/9999).
  const notFound = router.state.matches.some(
    (m) => m.status === 'notFound' || (m as { _notFound?: boolean })._notFound || (m.loaderData as { found?: boolean } | undefined)?.found === false,
  );
  const { result: markup, texts } = recordTexts(() => renderToString(<App router={router} queryClient={queryClient} trpcClient={trpcClient} origin={origin} />));
  // Head renders <title>/<meta>/<link> in place on the server; they belong in <head>.
  const head: string[] = [];
  const html = markup.replace(/<title>[\s\S]*?<\/title>|<meta [^>]*?\/?>|<link rel="canonical"[^>]*?\/?>/g, (m) => {
    head.push(m);
    return '';
  });
  return {
    html,
    head: head.join(''),
    dehydrated: dehydrate(queryClient),
    texts,
    routeIds: router.state.matches.map((m) => m.routeId),
    status: notFound ? 404 : 200,
    // The QR generator's labels follow Accept-Language: caches must keep one copy per language.
    vary: router.state.matches.some((m) => m.routeId === '/QRG') ? 'Accept-Language' : undefined,
  };
}
