import { createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '@post/api/router';

/** Typed tRPC hooks over the API's router. */
export const trpc = createTRPCReact<AppRouter>();

/** Reads of spec §7: no retry, no refetch on focus, always fresh. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The tRPC client: same-origin, cookies included. */
export function makeTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}

/** The HTTP status of a failed call, if any. */
export function errorStatus(err: unknown): number | undefined {
  return err instanceof TRPCClientError ? (err.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}

/** The message of a failed call that the server meant for people, if any. */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const status = errorStatus(err);
  return status && status < 500 ? err.message : undefined;
}

export type { AppRouter };
