import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import type { makeTrpcClient } from './lib/trpc.ts';

/** What every route's loader can reach. */
export interface RouterContext {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof makeTrpcClient>;
}

/** The app's router over the generated route tree. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
