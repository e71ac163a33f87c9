import { createTRPCReact, getQueryKey, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { TRPCLink } from '@trpc/client';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '@post/api/router';
import { signInMessages } from '@post/contracts/messages/sign-in';

/** Typed tRPC hooks over the API's router. */
export const trpc = createTRPCReact<AppRouter>();

/**
 * Reads of spec §7: no retry, no refetch on focus, always fresh. A write that answers 401 means
 * the sign-in has lapsed, whatever the write was (a save, a delete, Make Active, an import): the
 * sign-in checks are read again, so the admin guard or the member portal shows the login in
 * place of the page (a form's draft stays in the tab).
 */
export function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (err) => {
        if (errorStatus(err) !== 401) return;
        // The checks' keys come from tRPC itself (getQueryKey), never built by hand.
        void client.invalidateQueries({ queryKey: getQueryKey(trpc.adminAuth.check) });
        void client.invalidateQueries({ queryKey: getQueryKey(trpc.memberAuth.session) });
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The tRPC client: same-origin over HTTP in the browser; on the server a local link calls the procedures in-process. */
export function makeTrpcClient(link?: TRPCLink<AppRouter>) {
  return trpc.createClient({
    links: [
      link ??
        httpBatchLink({ url: '/trpc', maxItems: 10 /* the server's MAX_BATCH_SIZE */, fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) }),
    ],
  });
}

/** The app's tRPC client. */
export type AppTrpcClient = ReturnType<typeof makeTrpcClient>;

/** The HTTP status of a failed call, if any. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) return (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  // A plain HTTP call's error (a file upload) that kept its status.
  const status = err instanceof Error ? (err as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The one rule for a write that answers 401: the sign-in has lapsed, and what was typed is kept. Undefined for any other failure. */
export function sessionLapsedMessage(err: unknown): string | undefined {
  return errorStatus(err) === 401 ? signInMessages.sessionExpired : undefined;
}

/** The message of a failed call that the server meant for people, if any. */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const status = errorStatus(err);
  return status && status < 500 ? err.message : undefined;
}

/**
 * What to tell people about a failed write: that their sign-in has lapsed (401, what they typed
 * is kept), else the server's own explanation of a 4xx, else `fallback`.
 */
export function failureMessage(err: unknown): string | undefined;
export function failureMessage(err: unknown, fallback: string): string;
export function failureMessage(err: unknown, fallback?: string): string | undefined {
  return sessionLapsedMessage(err) ?? serverMessage(err) ?? fallback;
}

export type { AppRouter };
