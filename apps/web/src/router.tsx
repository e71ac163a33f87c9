import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { routeTree } from './routeTree.gen.ts';
import type { AppTrpcClient } from './lib/trpc.ts';
import type { AppRouter } from './lib/trpc.ts';

/** What every route's loader can reach: loaders prefetch with `context.trpcUtils.x.y.ensureData()` (decision 0070). */
export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: AppTrpcClient;
  trpcUtils: ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
  /** The site's absolute origin for canonical and OpenGraph URLs (PUBLIC_URL on the server, location.origin in the browser). */
  origin: string;
}

/** The app's router over the generated route tree (the same on the server and in the browser). */
export function createAppRouter(context: Omit<RouterContext, 'trpcUtils'>, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { ...context, trpcUtils: createTRPCQueryUtils<AppRouter>({ queryClient: context.queryClient, client: context.trpcClient }) },
    defaultPreload: 'intent',
    // Loaders only warm the query cache; React Query decides freshness.
    defaultPreloadStaleTime: 0,
    // On the server this would emit an inline script, which the CSP forbids; the browser restores scroll itself.
    scrollRestoration: typeof document !== 'undefined',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
