import { createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { TRPCLink } from '@trpc/client';
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

/** The tRPC client: same-origin over HTTP in the browser; on the server a local link calls the procedures in-process. */
export function makeTrpcClient(link?: TRPCLink<AppRouter>) {
  return trpc.createClient({
    links: [link ?? httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}

/** The app's tRPC client. */
export type AppTrpcClient = ReturnType<typeof makeTrpcClient>;

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
