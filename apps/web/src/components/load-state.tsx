import type * as React from 'react';
import { CircleAlertIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { errorStatus } from '../lib/trpc.ts';

/** The part of a query result a section needs to choose its state. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

/** Which of its states a section shows. */
export type LoadStatus = 'loading' | 'empty' | 'error' | 'ready';

/** Loading, empty (also null or a 404, which mean "there is none"), error or ready. */
export function loadStatus<T>(q: QueryLike<T | null>, isEmpty: (d: T) => boolean = () => false): LoadStatus {
  if (q.data === null) return 'empty';
  if (q.data !== undefined) return isEmpty(q.data) ? 'empty' : 'ready';
  if (q.error) return errorStatus(q.error) === 404 ? 'empty' : 'error';
  return 'loading';
}

/**
 * Shows one of a section's states. The loading state is `skeleton` (sized like the content,
 * so nothing jumps when the data arrives) with the spec's loading text announced over it.
 */
export function LoadState<T>({
  query,
  loadingText,
  skeleton,
  empty,
  isEmpty,
  children,
  className,
}: {
  query: QueryLike<T | null>;
  loadingText: string;
  skeleton: React.ReactNode;
  empty: React.ReactNode;
  isEmpty?: (d: T) => boolean;
  children: (data: T) => React.ReactNode;
  className?: string;
}) {
  const status = loadStatus(query, isEmpty);
  if (status === 'ready') return <>{children(query.data as T)}</>;
  if (status === 'empty') return <EmptyState className={className}>{empty}</EmptyState>;
  if (status === 'error') return <ErrorState className={className} onRetry={() => query.refetch()} retrying={Boolean(query.isFetching)} />;
  return (
    <div className={cn('relative', className)} aria-busy="true">
      {skeleton}
      <LoadingState
        text={loadingText}
        className="absolute inset-x-0 top-4 mx-auto w-fit rounded-md bg-background/90 px-3 py-1 text-base text-muted-foreground"
      />
    </div>
  );
}

/** The loading text, announced to screen readers (also used alone where there is no skeleton, e.g. an edit page before its form); `className` replaces its look. */
export function LoadingState({ text, className = 'py-6 text-lg' }: { text: string; className?: string }) {
  return (
    <p role="status" className={className}>
      {text}
    </p>
  );
}

/** A calm, centred message for "nothing here yet". */
export function EmptyState({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div data-slot="empty-state" className={cn('rounded-lg border border-dashed bg-muted px-4 py-8 text-center text-lg text-muted-foreground', className)}>
      {children}
    </div>
  );
}

/**
 * A failed read, with a way to try again when `onRetry` is given. `message` replaces the
 * general text (e.g. "This news item does not exist", where trying again would not help).
 */
export function ErrorState({
  message,
  onRetry,
  retrying,
  className,
}: {
  message?: React.ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 rounded-lg border border-flag-red-300 bg-flag-red-50 px-4 py-6 text-center text-flag-red-800', className)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlertIcon aria-hidden="true" className="size-5 shrink-0" />
        {message ?? 'This could not be loaded just now.'}
      </p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      ) : null}
    </div>
  );
}
