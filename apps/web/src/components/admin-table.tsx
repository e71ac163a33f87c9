import { useState } from 'react';
import { PAGE_SIZE } from '@post/contracts/paging';
import { Pager, SearchBox } from './list-controls.tsx';
import type * as React from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { CheckCircle2Icon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { cn } from '@post/ui/lib/utils';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from './load-state.tsx';
import { loadToast } from '../lib/load-toast.ts';

/** One column: its header and how a row fills it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
}

// Below md the rows stack as cards (label: value), so nothing hides off the right edge of a phone.
const stack = {
  table: 'max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:block max-md:space-y-3',
  row: 'max-md:block max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 max-md:shadow-xs max-md:hover:bg-card',
  cell: 'max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
  actions: 'max-md:block max-md:px-0 max-md:pt-3 md:w-px md:whitespace-nowrap',
};

/**
 * A content table of the dashboard: loading, failure and empty states, the spec's columns and a
 * row of actions. On phones each row is a card.
 */
export function AdminTable<T extends { id: number }>({
  label,
  columns,
  query,
  empty,
  actions,
  searchText,
}: {
  label: string;
  columns: Column<T>[];
  /** The table's list query: its rows and load state. */
  query: { data?: T[]; isPending: boolean; error: unknown; refetch: () => unknown };
  empty: string;
  actions: (row: T) => React.ReactNode;
  /**
   * What a search matches in a row. With it, a list longer than one page (25 rows) gets a
   * search box and paging in the browser (issue 20); shorter lists look as before.
   */
  searchText?: (row: T) => string;
}) {
  const { data: all, isPending, error } = query;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const paged = Boolean(searchText && all && all.length > PAGE_SIZE);
  const matching = paged && search ? all!.filter((r) => searchText!(r).toLowerCase().includes(search.toLowerCase())) : all;
  const pages = Math.max(1, Math.ceil((matching?.length ?? 0) / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = paged ? matching!.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) : all;
  const onRetry = () => void query.refetch();
  if (isPending) return <LoadingState text={commonMessages.loading} />;
  if (error || !rows) return <ErrorState message="Could not load this list. Please try again." onRetry={onRetry} />;
  const controls = paged ? (
    <div className="mb-4">
      <SearchBox
        label={`Search ${label.toLowerCase()}`}
        value={search}
        onSearch={(q) => {
          setSearch(q);
          setPage(1);
        }}
      />
    </div>
  ) : null;
  const pager = paged ? <Pager label={label} page={current} pageSize={PAGE_SIZE} total={matching!.length} onPage={setPage} /> : null;
  if (rows.length === 0) {
    return (
      <>
        {controls}
        <EmptyState>{search ? `Nothing matches “${search}”.` : empty}</EmptyState>
      </>
    );
  }
  return (
    <>
      {controls}
      <div className="md:rounded-lg md:border md:bg-card">
        <Table aria-label={label} className={stack.table} scrollLabel={`${label} (scroll sideways to see more)`}>
          <TableHeader className={stack.head}>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.header} scope="col">
                  {c.header}
                </TableHead>
              ))}
              <TableHead scope="col" className="text-right!">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className={stack.body}>
            {rows.map((row) => (
              <TableRow key={row.id} className={stack.row}>
                {columns.map((c) => (
                  <TableCell key={c.header} data-label={c.header} className={cn(stack.cell, c.className)}>
                    {c.cell(row)}
                  </TableCell>
                ))}
                <TableCell className={stack.actions}>
                  <div className="flex justify-end gap-2 max-md:flex-wrap max-md:justify-start">{actions(row)}</div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pager}
    </>
  );
}

/** The Edit link of a row; its accessible name carries the row's title. */
export function EditLink({ name, ...link }: LinkProps & { name: string }) {
  return (
    <Link {...link} aria-label={`Edit ${name}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <PencilIcon aria-hidden="true" />
      Edit
    </Link>
  );
}

/**
 * When the focused row went away (deleted, or its button gone), focus the table's heading
 * instead of the page. Watched for a moment: the confirmation returns focus to the row's
 * button when its closing animation ends, and the row leaves when the list is read again.
 * Acts only when focus is lost, never moving it away from where a person put it.
 */
export function keepFocus(until = performance.now() + 2000) {
  requestAnimationFrame(() => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) {
      document.querySelector<HTMLElement>('[data-admin-table-heading]')?.focus();
    } else if (performance.now() < until) {
      keepFocus(until);
    }
  });
}

/** The Delete button of a row; asks first. */
export function DeleteButton({
  name,
  question,
  description = `“${name}” will be removed from the website. This cannot be undone.`,
  onConfirm,
  busy,
  children,
}: {
  name: string;
  question: string;
  description?: string;
  onConfirm: () => Promise<void>;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <ConfirmDialog
      title={question}
      description={description}
      onConfirm={async () => {
        await onConfirm();
        keepFocus();
      }}
      trigger={
        <Button variant="danger" size="sm" aria-label={`Delete ${name}`} disabled={busy}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      }
    >
      {children}
    </ConfirmDialog>
  );
}

/** 'Make Active', offered on inactive rows only. */
export function MakeActiveButton({ name, onClick, busy }: { name: string; onClick: () => Promise<void>; busy?: boolean }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        await onClick();
        keepFocus();
      }}
      disabled={busy}
      aria-label={`Make Active: ${name}`}
    >
      <CheckCircle2Icon aria-hidden="true" />
      Make Active
    </Button>
  );
}

/** The heading and Add button above a table. */
export function TableToolbar({ title, addLabel, add }: { title: string; addLabel: string; add: LinkProps }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 data-admin-table-heading tabIndex={-1} className="text-2xl font-bold text-navy-800 outline-none">
        {title}
      </h2>
      <Link {...add} className={buttonVariants()}>
        <PlusIcon aria-hidden="true" />
        {addLabel}
      </Link>
    </div>
  );
}

/**
 * A row's action (delete, Make Active) with the spec's toasts. The table is read again either
 * way: a failed action may still have changed it (another administrator, a lapsed session).
 */
export async function rowAction(run: () => Promise<unknown>, toasts: { done: string; failed: string }, refresh: () => Promise<unknown>): Promise<void> {
  const done = await run().then(
    () => true,
    () => false,
  );
  void loadToast().then((toast) => (done ? toast.success(toasts.done) : toast.error(toasts.failed)));
  await refresh();
}
