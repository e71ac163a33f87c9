import { useState } from 'react';
import { RotateCcwIcon, SearchIcon } from 'lucide-react';
import { toast } from 'sonner';
import { OUTBOX_STATES, OUTBOX_STATE_LABELS, type OutboxState } from '@post/contracts/enums/outbox-state';
import type { OutboxItem } from '@post/contracts/mail';
import { commonMessages } from '@post/contracts/messages/common';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { CancelMessage } from './cancel-message.tsx';
import { Page } from '../../../layout/page.tsx';
import { usePostFormat } from '../../../lib/format.ts';
import { errorStatus, failureMessage, trpc } from '../../../lib/trpc.ts';
import { AdminTitle } from '../../../components/admin-title.tsx';
import { MailSetupHelp } from '../../../components/mail-status.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { selectClass } from '../../../components/form/select-class.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-state.tsx';
import { useSyncedState } from '../../../lib/use-synced-state.ts';

/** The outbox's address: search, state, page and the message open, all in the URL. */
export interface OutboxSearch {
  q?: string;
  state?: OutboxState;
  page?: number;
  id?: number;
}

const PAGE_SIZE = 25;
// Below md the rows stack as cards (label: value), as the dashboard's tables do (admin-table.tsx).
const stack = {
  table: 'max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:block max-md:space-y-3',
  row: 'max-md:block max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 max-md:shadow-xs max-md:hover:bg-card',
  cell: 'max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:text-left max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
};
const STATE_BADGE: Record<OutboxState, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  queued: 'secondary',
  sending: 'secondary',
  sent: 'success',
  failed: 'destructive',
  cancelled: 'outline',
};

/**
 * The admin Outbox (issue 19 #6): every message the site sent, is sending or gave up on, with
 * search and paging in the URL; one opens in a dialog (text version, the HTML in a sandboxed
 * frame that runs no scripts), and a failed one can be queued again.
 */
export function OutboxPage({ search, onSearch }: { search: OutboxSearch; onSearch: (next: OutboxSearch, replace?: boolean) => void }) {
  const f = usePostFormat();
  const page = search.page ?? 1;
  const list = trpc.outbox.list.useQuery({ q: search.q, state: search.state, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  // The URL is the truth: Back and links update the box.
  const [q, setQ] = useSyncedState(search.q ?? '');
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Outbox"
      intro="Every e-mail the site sends: confirmations, reminders, newsletters, password resets and notices. Messages wait here when no mail server is configured."
    >
      <AdminTitle text="Outbox" />
      <MailSetupHelp />
      <form
        role="search"
        aria-label="Search the outbox"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ ...search, q: q.trim() || undefined, page: undefined, id: undefined });
        }}
      >
        <div className="min-w-56 flex-1 space-y-1">
          <Label htmlFor="outbox-q">Search</Label>
          <Input id="outbox-q" type="search" value={q} maxLength={200} placeholder="Address, subject or kind" onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="outbox-state">State</Label>
          <select
            id="outbox-state"
            className={selectClass}
            value={search.state ?? ''}
            onChange={(e) => onSearch({ ...search, state: (e.target.value || undefined) as OutboxState | undefined, page: undefined, id: undefined })}
          >
            <option value="">All states</option>
            {OUTBOX_STATES.map((s) => (
              <option key={s} value={s}>
                {OUTBOX_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" className="h-11">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </form>

      {list.isPending ? (
        <LoadingState text={commonMessages.loading} />
      ) : list.error ? (
        <ErrorState message="Could not load the outbox. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState>{search.q || search.state ? 'No messages match this search.' : 'No messages yet.'}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-base text-muted-foreground" aria-live="polite">
            {total} {total === 1 ? 'message' : 'messages'}
            {pages > 1 ? `, page ${list.data.page} of ${pages}` : ''}
          </p>
          <div className="rounded-lg md:overflow-x-auto md:border md:bg-card" aria-busy={list.isPlaceholderData || undefined}>
            <Table aria-label="Outbox messages" className={stack.table}>
              <TableHeader className={stack.head}>
                <TableRow>
                  <TableHead scope="col">To</TableHead>
                  <TableHead scope="col">Subject</TableHead>
                  <TableHead scope="col">Kind</TableHead>
                  <TableHead scope="col">State</TableHead>
                  <TableHead scope="col" className="text-right!">
                    Attempts
                  </TableHead>
                  <TableHead scope="col">Last error</TableHead>
                  <TableHead scope="col">Time</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={stack.body}>
                {list.data.items.map((m) => (
                  <TableRow key={m.id} className={stack.row}>
                    <TableCell data-label="To" className={`${stack.cell} min-w-40 break-all`}>
                      {m.to}
                    </TableCell>
                    <TableCell data-label="Subject" className={`${stack.cell} md:min-w-48`}>
                      <Button
                        variant="link"
                        size={null}
                        className="min-w-0 gap-2 p-0 text-left text-base break-words whitespace-normal"
                        onClick={() => onSearch({ ...search, id: m.id })}
                      >
                        {m.subject}
                      </Button>
                    </TableCell>
                    <TableCell data-label="Kind" className={`${stack.cell} break-all md:whitespace-nowrap`}>
                      {m.kind}
                    </TableCell>
                    <TableCell data-label="State" className={stack.cell}>
                      <Badge variant={STATE_BADGE[m.state]}>{OUTBOX_STATE_LABELS[m.state]}</Badge>
                    </TableCell>
                    <TableCell data-label="Attempts" className={`${stack.cell} tabular-nums md:text-right`}>
                      {m.attempts}
                    </TableCell>
                    <TableCell data-label="Last error" className={`${stack.cell} text-sm break-words text-muted-foreground md:max-w-64`}>
                      {m.lastError ?? '-'}
                    </TableCell>
                    {/* Date and time each on one line, so the column stays narrow enough for the
                        table to fit a 1280 px screen without cutting the time in half. */}
                    <TableCell data-label="Time" className={stack.cell}>
                      <span className="whitespace-nowrap">{f.date(m.sentAt ?? m.createdAt)},</span>{' '}
                      <span className="whitespace-nowrap">{f.time(m.sentAt ?? m.createdAt)}</span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Outbox pages" className="mt-4 flex items-center justify-between gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => onSearch({ ...search, page: page - 1 > 1 ? page - 1 : undefined, id: undefined })}>
                Previous page
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="outline" disabled={page >= pages} onClick={() => onSearch({ ...search, page: page + 1, id: undefined })}>
                Next page
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {search.id !== undefined ? <MessageDialog id={search.id} onClose={() => onSearch({ ...search, id: undefined }, true)} /> : null}
    </Page>
  );
}

/** One message: its facts, the text version and the HTML as the recipient sees it (no scripts run). */
function MessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  const message = trpc.outbox.byId.useQuery({ id }, { retry: false });
  const retry = trpc.outbox.retry.useMutation();
  const [view, setView] = useState<'text' | 'html'>('text');
  const m = message.data;
  const onRetry = async (item: OutboxItem) => {
    try {
      await retry.mutateAsync({ id: item.id });
      toast.success('Queued again', { description: `“${item.subject}” to ${item.to} will be sent again.` });
      await utils.outbox.invalidate();
    } catch (err) {
      toast.error(failureMessage(err, 'The message could not be queued again.'));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="min-w-0 overflow-x-hidden sm:max-w-3xl!">
        <DialogHeader>
          <DialogTitle className="pr-8 break-words">{m ? m.subject : 'Message'}</DialogTitle>
          <DialogDescription>{m ? `To ${m.to}` : message.error ? 'This message could not be loaded.' : commonMessages.loading}</DialogDescription>
        </DialogHeader>
        {message.error ? (
          <p role="alert" className="text-lg text-flag-red-800">
            {errorStatus(message.error) === 404 ? 'This message does not exist.' : 'Could not load the message. Please try again.'}
          </p>
        ) : m ? (
          <div className="min-w-0 space-y-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-base [&_dd]:break-words">
              <dt className="font-semibold">Kind</dt>
              <dd>{m.kind}</dd>
              <dt className="font-semibold">State</dt>
              <dd>
                <Badge variant={STATE_BADGE[m.state]}>{OUTBOX_STATE_LABELS[m.state]}</Badge>
              </dd>
              <dt className="font-semibold">Attempts</dt>
              <dd>{m.attempts}</dd>
              <dt className="font-semibold">Queued</dt>
              <dd>{f.dateTime(m.createdAt)}</dd>
              {m.sentAt ? (
                <>
                  <dt className="font-semibold">Sent</dt>
                  <dd>{f.dateTime(m.sentAt)}</dd>
                </>
              ) : null}
              {m.lastError ? (
                <>
                  <dt className="font-semibold">Last error</dt>
                  <dd className="break-words">{m.lastError}</dd>
                </>
              ) : null}
              {m.attachments.length ? (
                <>
                  <dt className="font-semibold">Attachments</dt>
                  <dd>{m.attachments.map((a) => `${a.filename} (${a.contentType})`).join(', ')}</dd>
                </>
              ) : null}
            </dl>
            {m.state === 'failed' || m.state === 'cancelled' ? (
              <Button onClick={() => void onRetry(m)} disabled={retry.isPending}>
                <RotateCcwIcon aria-hidden="true" />
                Retry
              </Button>
            ) : null}
            {m.state === 'queued' ? <CancelMessage message={m} /> : null}
            <div role="group" aria-label="Show the message as" className="flex flex-wrap gap-2">
              <Button size="sm" variant={view === 'text' ? 'default' : 'outline'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
                Text version
              </Button>
              <Button size="sm" variant={view === 'html' ? 'default' : 'outline'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
                As the recipient sees it
              </Button>
            </div>
            {view === 'text' ? (
              // Focusable and named, so a keyboard can scroll it (decision 0087).
              <pre
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
                tabIndex={0}
                role="region"
                aria-label="Text version"
                className="max-h-96 overflow-auto rounded border bg-muted p-3 text-sm break-words whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="outbox-text"
              >
                {m.text}
              </pre>
            ) : (
              // sandbox with no permissions: no scripts, no forms, no navigation of this page.
              <iframe title={`Message: ${m.subject}`} sandbox="" srcDoc={m.html} className="h-96 w-full rounded border bg-white" />
            )}
          </div>
        ) : (
          <p role="status">{commonMessages.loading}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
