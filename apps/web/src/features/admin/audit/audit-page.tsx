import { useEffect, useMemo, useState } from 'react';
import type * as React from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionLabel, auditEntityLabel, formatAuditChanges } from '@post/contracts/audit-format';
import type { AuditEntryView } from '@post/contracts/audit';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { ErrorState } from '../../../components/load-state.tsx';
import { Page } from '../../../layout/page.tsx';
import { formatIn, usePostFormat } from '../../../lib/format.ts';
import { errorStatus, serverMessage, trpc } from '../../../lib/trpc.ts';
import { AdminTitle } from '../../../components/admin-title.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { FilterSelect } from '../../../components/list-controls.tsx';

/** The page's filters and page number, as the address keeps them. */
export interface AuditSearch {
  person?: string;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
  /** The page number (1 when left out). */
  page?: number;
}

/** The search of the address as the page uses it: short text only (anything else is left out). */
export function cleanAuditSearch(s: Record<string, unknown>): AuditSearch {
  const text = (v: unknown, max: number) => (typeof v === 'number' ? String(v) : typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);
  return {
    person: text(s.person, 100),
    entity: text(s.entity, 50),
    action: text(s.action, 50),
    from: text(s.from, 10),
    to: text(s.to, 10),
    page: pageOf(s.page),
  };
}

/** The page number of the address: a whole number above 1, else left out (page 1). */
function pageOf(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : undefined;
}

/** A day of the address as the filter sends it: 'YYYY-MM-DD', else left out. */
const dayOf = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

const PAGE_SIZE = 25;

/**
 * A plain label with the look of @post/ui's Label: that one is Radix's, and importing it here
 * split Radix's Primitive into a chunk of its own that every page then loaded first.
 */
function Label({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="flex items-center gap-2 text-base leading-snug font-semibold text-foreground">
      {children}
    </label>
  );
}

const entityLabel = auditEntityLabel;
const actionLabel = auditActionLabel;

/** The query string of the CSV download: the same filters, no page. */
function csvHref(s: AuditSearch): string {
  const q = new URLSearchParams();
  for (const k of ['person', 'entity', 'action', 'from', 'to'] as const) if (s[k]) q.set(k, s[k]);
  const qs = q.toString();
  return `/api/admin/audit.csv${qs ? `?${qs}` : ''}`;
}

// Below md each entry is a card (label: value), so nothing hides off the right edge of a phone.
const stack = {
  table: 'max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:block max-md:space-y-3',
  row: 'max-md:block max-md:rounded-lg max-md:border max-md:last:border! max-md:bg-card max-md:p-3 max-md:shadow-xs max-md:hover:bg-card',
  // Long words (an IPv6 address, an e-mail in Changes) wrap inside the card at 320 px (decision 0087).
  cell: 'max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:whitespace-normal max-md:[overflow-wrap:anywhere] max-md:[&>*]:min-w-0 max-md:before:w-20 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
};

/** The audit log: who changed what, filtered and paged, with a CSV download (issue 21). */
export function AuditPage({ search: raw, onSearchChange }: { search: AuditSearch; onSearchChange: (s: AuditSearch) => void }) {
  const search = useMemo(() => cleanAuditSearch(raw as Record<string, unknown>), [raw]);
  const f = usePostFormat();
  const [person, setPerson] = useState(search.person ?? '');
  // The person box updates the address (and so the query) once typing pauses.
  useEffect(() => {
    const p = person.trim() || undefined;
    if (p === search.person) return;
    const timer = setTimeout(() => onSearchChange({ ...search, person: p, page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [person, search, onSearchChange]);

  const page = search.page ?? 1;
  const from = dayOf(search.from);
  const to = dayOf(search.to);
  const input = { person: search.person, entity: search.entity, action: search.action, from, to, page, pageSize: PAGE_SIZE };
  const list = trpc.audit.list.useQuery(input, { placeholderData: keepPreviousData });
  const filtered = Boolean(search.person || search.entity || search.action || from || to);
  const set = (patch: Partial<AuditSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const badFilter = errorStatus(list.error) === 400 ? serverMessage(list.error) : undefined;

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Audit Log"
      intro={`Who changed what, when and from which address. Times are in the post's time zone (${f.timeZone.replace(/_/g, ' ')}).`}
      actions={
        // A plain link: the server answers with a file download under the admin session.
        <a href={csvHref({ ...search, from, to })} download className={buttonVariants()}>
          <DownloadIcon aria-hidden="true" />
          Download CSV
        </a>
      }
    >
      <AdminTitle text="Audit Log" />
      <section aria-labelledby="audit-heading" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <h2 id="audit-heading" className="sr-only">
          Entries
        </h2>
        <div role="search" aria-label="Audit log filters" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor="audit-person">Person</Label>
            <Input
              id="audit-person"
              type="search"
              value={person}
              onChange={(e) => setPerson(e.target.value)}
              placeholder="Name or user ID"
              autoComplete="off"
            />
          </div>
          <FilterSelect
            id="audit-entity"
            label="What"
            value={search.entity ?? ''}
            onChange={(v) => set({ entity: v || undefined })}
            options={[{ value: '', label: 'Everything' }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) }))]}
          />
          <FilterSelect
            id="audit-action"
            label="Action"
            value={search.action ?? ''}
            onChange={(v) => set({ action: v || undefined })}
            options={[{ value: '', label: 'Any action' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))]}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="audit-from">From</Label>
            <Input id="audit-from" type="date" value={from ?? ''} max={to} onChange={(e) => set({ from: e.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="audit-to">To</Label>
            <Input id="audit-to" type="date" value={to ?? ''} min={from} onChange={(e) => set({ to: e.target.value || undefined })} />
          </div>
        </div>
        <div className="mb-3 flex min-h-11 flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" data-audit-summary className="text-base text-muted-foreground">
            {data && data.total > 0 ? `Showing ${first}–${last} of ${data.total}` : ''}
            {list.isFetching && data ? ' (updating...)' : ''}
          </p>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setPerson('');
                onSearchChange({});
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
        {badFilter ? (
          <p role="alert" className="rounded-lg border border-flag-red-300 bg-flag-red-50 p-4 text-lg text-flag-red-800">
            {badFilter}
          </p>
        ) : data ? (
          data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted px-4 py-8 text-center text-lg text-muted-foreground">
              {filtered || page > 1 ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
            </p>
          ) : (
            <>
              <Entries items={data.items} timeZone={f.timeZone} />
              <Pager page={data.page} pages={pages} onPage={(p) => onSearchChange({ ...search, page: p > 1 ? p : undefined })} />
            </>
          )
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <p role="status" className="py-6 text-center text-lg">
            Loading the audit log...
          </p>
        )}
      </section>
    </Page>
  );
}

function Entries({ items, timeZone }: { items: AuditEntryView[]; timeZone: string }) {
  return (
    <div className="md:rounded-lg md:border">
      <Table aria-label="Audit log entries" className={stack.table} scrollLabel="Audit log entries (scroll sideways to see more)">
        <TableHeader className={stack.head}>
          <TableRow>
            <TableHead scope="col">When</TableHead>
            <TableHead scope="col">Who</TableHead>
            <TableHead scope="col">Address</TableHead>
            <TableHead scope="col">What</TableHead>
            <TableHead scope="col">Changes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className={stack.body}>
          {items.map((e) => {
            const changes = formatAuditChanges(e.changes, timeZone);
            return (
              <TableRow key={e.id} className={stack.row} data-audit-entry={e.id}>
                <TableCell data-label="When" className={`${stack.cell} align-top! md:whitespace-nowrap`}>
                  <time dateTime={e.at}>
                    {formatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }, e.at)}
                  </time>
                </TableCell>
                <TableCell data-label="Who" className={`${stack.cell} align-top!`}>
                  {e.actorName ?? (e.actorUserId ? `User ${e.actorUserId}` : 'Nobody signed in')}
                </TableCell>
                <TableCell data-label="Address" className={`${stack.cell} align-top!`}>
                  <span className="font-mono text-sm break-all min-[360px]:break-normal min-[360px]:whitespace-nowrap">{e.ip ?? '—'}</span>
                </TableCell>
                <TableCell data-label="What" className={`${stack.cell} align-top!`}>
                  <span>
                    <span className="font-semibold">{actionLabel(e.action)}</span> {entityLabel(e.entity)}
                    {e.entityId ? <span className="text-muted-foreground"> #{e.entityId}</span> : null}
                  </span>
                </TableCell>
                <TableCell data-label="Changes" className={`${stack.cell} align-top! md:min-w-72 md:whitespace-normal`}>
                  {changes.length ? (
                    <ul className="min-w-0 space-y-1">
                      {changes.map((c, i) => (
                        <li key={i} className="line-clamp-3 break-words" title={c.length > 200 ? c : undefined}>
                          {c}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Audit log pages" className="mt-4 grid grid-cols-[auto_1fr_auto] items-center gap-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        Newer
      </Button>
      <span className="text-center text-sm whitespace-nowrap text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
