import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DoorOpenIcon } from 'lucide-react';
import { nearToday, TodayAtTheDoor } from './door-links.tsx';
import { labelOf } from '@post/contracts/enums/label';
import { commanderMessages } from '@post/contracts/messages/commander';
import { commonMessages } from '@post/contracts/messages/common';
import { eventMessages } from '@post/contracts/messages/events';
import { newsMessages } from '@post/contracts/messages/news';
import { resourceMessages } from '@post/contracts/messages/resources';
import { Badge } from '@post/ui/components/badge';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { trpc } from '../../../lib/trpc.ts';
import { usePostFormat } from '../../../lib/format.ts';
import { commanderPreview } from '../../../lib/commander-html.ts';
import { RESOURCE_CATEGORY_LABELS } from '../../../lib/resource-labels.ts';
import { AdminTable, DeleteButton, EditLink, MakeActiveButton, rowAction, TableToolbar } from '../../../components/admin-table.tsx';
import { DuplicateLink, EventDeleteButton } from '../../events/event-row-actions.tsx';
import { Pager, SearchBox } from '../../../components/list-controls.tsx';
import { selectClass } from '../../../components/form/select-class.ts';
import type { EventListSearch } from '../dashboard/tabs.ts';
import { eventListInput } from '../dashboard/event-list-input.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

const EVENT_TYPE_BADGE: Record<string, string> = {
  regular: 'bg-event-regular text-event-regular-foreground',
  special: 'bg-event-special text-event-special-foreground',
  community: 'bg-event-community text-event-community-foreground',
  fundraiser: 'bg-event-fundraiser text-event-fundraiser-foreground',
};

/** Events tab: Title, Date, Location, Type, Volunteers; upcoming or past, searched and paged in the URL (issue 20). */
export function EventsTable({ list: search = {} }: { list?: EventListSearch }) {
  const f = usePostFormat();
  const navigate = useNavigate();
  const input = eventListInput(search);
  const { when, page } = input;
  const q = search.q ?? '';
  const list = trpc.events.adminList.useQuery(input, { placeholderData: keepPreviousData });
  const go = (next: EventListSearch) => void navigate({ to: '/admin', search: { when: search.when, q: search.q, ...next }, resetScroll: false });
  const rows = list.data?.items;
  const atTheDoor = when === 'upcoming' && !q && page === 1 ? (rows ?? []).filter((e) => nearToday(e.startDate)) : [];
  return (
    <>
      <TodayAtTheDoor events={atTheDoor} />
      <TableToolbar title="Events" addLabel="Add Event" add={{ to: '/admin/events/new' }} />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="events-when" className="mb-1 block text-base font-semibold">
            Show
          </label>
          <select
            id="events-when"
            className={cn(selectClass, 'w-auto!')}
            value={when}
            onChange={(e) => go({ when: e.target.value === 'past' ? 'past' : undefined, page: undefined })}
          >
            <option value="upcoming">Upcoming events</option>
            <option value="past">Past events</option>
          </select>
        </div>
        <SearchBox label="Search events" placeholder="Title or location" value={q} onSearch={(text) => go({ q: text || undefined, page: undefined })} />
      </div>
      <AdminTable
        label="Events"
        query={{ data: rows, isPending: list.isPending, error: list.error, refetch: list.refetch }}
        empty={q ? `No ${when} events match “${q}”.` : when === 'past' ? 'No past events.' : eventMessages.noneFound}
        columns={[
          {
            header: 'Title',
            cell: (e) => (
              <span className="font-semibold">
                {e.title}
                {e.repeats ? <span className="block text-sm font-normal text-muted-foreground">Repeats: {e.repeats}</span> : null}
              </span>
            ),
          },
          { header: 'Date', cell: (e) => `${f.date(e.startDate)}, ${f.time(e.startDate)}`, className: 'md:whitespace-nowrap' },
          { header: 'Location', cell: (e) => e.location },
          {
            header: 'Type',
            cell: (e) => (
              <Badge variant={null} className={cn('border-transparent', EVENT_TYPE_BADGE[e.type] ?? EVENT_TYPE_BADGE.regular)}>
                {labelOf(e.type)}
              </Badge>
            ),
          },
          {
            header: 'Volunteers',
            cell: (e) => (e.volunteerPositions > 0 ? `${e.volunteerCount} of ${e.volunteerPositions}` : e.volunteerCount > 0 ? `${e.volunteerCount}` : 'None'),
            className: 'md:whitespace-nowrap tabular-nums',
          },
        ]}
        actions={(e) => (
          <>
            {nearToday(e.startDate) ? (
              <Link
                to="/admin/events/$id/check-in"
                params={{ id: String(e.id) }}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                aria-label={`Check-in at the door: ${e.title}`}
              >
                <DoorOpenIcon aria-hidden="true" />
                Check-in
              </Link>
            ) : null}
            <EditLink name={e.title} to="/admin/events/$id" params={{ id: String(e.id) }} />
            <DuplicateLink id={e.id} name={e.title} />
            <EventDeleteButton event={e} />
          </>
        )}
      />
      {list.data && list.data.total > 0 ? (
        <Pager
          label="Events"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(p) => go({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </>
  );
}

/** News tab: Title, Publish Date, Featured. */
export function NewsTable() {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  // The dashboard lists scheduled items too (issue 23 #9); the public list hides them until their date.
  const list = trpc.news.adminList.useQuery();
  const remove = trpc.news.remove.useMutation();
  return (
    <>
      <TableToolbar title="News" addLabel="Add News Item" add={{ to: '/admin/news/new' }} />
      <AdminTable
        label="News"
        query={list}
        empty={newsMessages.noneFound}
        searchText={(n) => n.title}
        columns={[
          { header: 'Title', cell: (n) => <span className="font-semibold">{n.title}</span> },
          {
            header: 'Publish Date',
            cell: (n) => (
              <>
                {f.date(n.publishDate)}
                {Date.parse(n.publishDate) > Date.now() && (
                  <Badge variant="secondary" className="ml-2">
                    Scheduled
                  </Badge>
                )}
              </>
            ),
            className: 'md:whitespace-nowrap',
          },
          { header: 'Featured', cell: (n) => (n.featured ? 'Yes' : 'No') },
        ]}
        actions={(n) => (
          <>
            <EditLink name={n.title} to="/admin/news/$id" params={{ id: String(n.id) }} />
            <DeleteButton
              name={n.title}
              question={commonMessages.confirmDelete('news item')}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: n.id }),
                  { done: commonMessages.deleted, failed: commonMessages.deleteFailed('news item') },
                  () => utils.news.invalidate(),
                )
              }
            />
          </>
        )}
      />
    </>
  );
}

/** Resources tab: Title, Category, URL. */
export function ResourcesTable() {
  const utils = trpc.useUtils();
  const list = trpc.resources.list.useQuery();
  const remove = trpc.resources.remove.useMutation();
  return (
    <>
      <TableToolbar title="Resources" addLabel="Add Resource" add={{ to: '/admin/resources/new' }} />
      <AdminTable
        label="Resources"
        query={list}
        empty={resourceMessages.noneFound}
        searchText={(r) => `${r.title} ${r.url} ${r.category}`}
        columns={[
          { header: 'Title', cell: (r) => <span className="font-semibold">{r.title}</span> },
          { header: 'Category', cell: (r) => RESOURCE_CATEGORY_LABELS[r.category] ?? labelOf(r.category) },
          {
            header: 'URL',
            className: 'min-w-0',
            cell: (r) => (
              <a
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-primary underline underline-offset-4 md:line-clamp-2 md:max-w-72"
              >
                {r.url}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ),
          },
        ]}
        actions={(r) => (
          <>
            <EditLink name={r.title} to="/admin/resources/$id" params={{ id: String(r.id) }} />
            <DeleteButton
              name={r.title}
              question={commonMessages.confirmDelete('resource')}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: r.id }),
                  { done: commonMessages.deleted, failed: commonMessages.deleteFailed('resource') },
                  () => utils.resources.invalidate(),
                )
              }
            />
          </>
        )}
      />
    </>
  );
}

/** Commander Messages tab: Publish Date, the first 50 characters, Status. */
export function CommanderMessagesTable() {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  const list = trpc.commanderMessages.list.useQuery();
  const remove = trpc.commanderMessages.remove.useMutation();
  const activate = trpc.commanderMessages.activate.useMutation();
  const nameOf = (m: { publishDate: string; content: string }) => `message of ${f.date(m.publishDate)}: ${commanderPreview(m.content)}`;
  return (
    <>
      <TableToolbar title="Commander Messages" addLabel="Add Commander Message" add={{ to: '/admin/commander-messages/new' }} />
      <AdminTable
        label="Commander Messages"
        query={list}
        empty={commanderMessages.noneFound}
        searchText={(m) => m.content}
        columns={[
          { header: 'Publish Date', cell: (m) => f.date(m.publishDate), className: 'md:whitespace-nowrap' },
          { header: 'Message', cell: (m) => commanderPreview(m.content) },
          { header: 'Status', cell: (m) => <StatusBadge active={m.active} /> },
        ]}
        actions={(m) => (
          <>
            {m.active ? null : (
              <MakeActiveButton
                name={nameOf(m)}
                busy={activate.isPending}
                onClick={() =>
                  rowAction(
                    () => activate.mutateAsync({ id: m.id }),
                    { done: commanderMessages.activated, failed: commanderMessages.activateFailed },
                    () => utils.commanderMessages.invalidate(),
                  )
                }
              />
            )}
            <EditLink name={nameOf(m)} to="/admin/commander-messages/$id" params={{ id: String(m.id) }} />
            <DeleteButton
              name={nameOf(m)}
              question={commanderMessages.confirmDelete}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: m.id }),
                  { done: commanderMessages.deleted, failed: commanderMessages.deleteFailed },
                  () => utils.commanderMessages.invalidate(),
                )
              }
            />
          </>
        )}
      />
    </>
  );
}
