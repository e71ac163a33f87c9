import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { makeQueryClient, makeTrpcClient, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient();
const router = createAppRouter({ queryClient, trpcClient });

// The server puts the site settings into the page, so the header and footer show the
// post's own name from the first paint.
const appData = document.getElementById('app-data')?.textContent;
if (appData) {
  const { settings } = JSON.parse(appData) as { settings: unknown };
  queryClient.setQueryData(getQueryKey(trpc.siteSettings.get, undefined, 'query'), settings);
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
