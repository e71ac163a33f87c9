import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { trpc, type AppTrpcClient } from './lib/trpc.ts';
import type { createAppRouter } from './router.tsx';

/** The whole app: the same tree is rendered on the server and hydrated in the browser (StrictMode checks it in development). */
export function App({ router, queryClient, trpcClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient; trpcClient: AppTrpcClient }) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
