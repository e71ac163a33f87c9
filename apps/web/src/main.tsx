import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient, makeTrpcClient, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient();
const router = createAppRouter({ queryClient, trpcClient });

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
