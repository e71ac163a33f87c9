import { labelOf } from '@post/contracts/enums';
import { CONFIRM, T, TEXT } from '@post/contracts/messages';
import { Badge } from '@post/ui/components/badge';
import { cn } from '@post/ui/lib/utils';
import { trpc } from '../../../lib/trpc.ts';
import { usePostFormat } from '../../../lib/format.ts';
import { commanderPreview } from '../html.ts';
import { RESOURCE_CATEGORY_LABELS } from '../labels.ts';
import { AdminTable, DeleteButton, EditLink, MakeActiveButton, rowAction, TableToolbar } from './admin-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { DeleteEventButton } from './delete-event-button.tsx';

const EVENT_TYPE_BADGE: Record<string, string> = {
  regular: 'bg-event-regular text-event-regular-foreground',
  special: 'bg-event-special text-event-special-foreground',
  community: 'bg-event-community text-event-community-foreground',
  fundraiser: 'bg-event-fundraiser text-event-fundraiser-foreground',
};

/** Events tab: Title, Date, Location, Type. */
export function EventsTable() {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  const list = trpc.events.list.useQuery();
  const remove = trpc.events.remove.useMutation();
  return (
    <>
      <TableToolbar title="Events" addLabel="Add Event" add={{ to: '/admin/events/new' }} />
      <AdminTable
        label="Events"
        query={list}
        empty={TEXT.noEventsFound}
        columns={[
          { header: 'Title', cell: (e) => <span className="font-semibold">{e.title}</span> },
          { header: 'Date', cell: (e) => `${f.date(e.startDate)}, ${f.time(e.startDate)}`, className: 'md:whitespace-nowrap' },
          { header: 'Location', cell: (e) => e.location },
          {
            header: 'Type',
            cell: (e) => <Badge className={cn(EVENT_TYPE_BADGE[e.type] ?? EVENT_TYPE_BADGE.regular)}>{labelOf(e.type)}</Badge>,
          },
        ]}
        actions={(e) => (
          <>
            <EditLink name={e.title} to="/admin/events/$id" params={{ id: String(e.id) }} />
            <DeleteEventButton
              event={e}
              busy={remove.isPending}
              onDelete={(notifyVolunteers) =>
                rowAction(
                  () => remove.mutateAsync({ id: e.id, notifyVolunteers }),
                  { done: T.deleted, failed: T.deleteFailed('event') },
                  () => Promise.all([utils.events.invalidate(), utils.volunteers.invalidate()]),
                )
              }
            />
          </>
        )}
      />
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
      <TableToolbar title="News" addLabel="Add News Item" add={{ to: '/admin/news' }} />
      <AdminTable
        label="News"
        query={list}
        empty={TEXT.noNewsFound}
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
            <EditLink name={n.title} to="/admin/news" search={{ id: n.id }} />
            <DeleteButton
              name={n.title}
              question={CONFIRM.delete('news item')}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: n.id }),
                  { done: T.deleted, failed: T.deleteFailed('news item') },
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
        empty={TEXT.noResourcesFound}
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
              question={CONFIRM.delete('resource')}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: r.id }),
                  { done: T.deleted, failed: T.deleteFailed('resource') },
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
        empty={TEXT.noCommanderMessagesFound}
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
                    { done: T.messageActivated, failed: T.activateMessageFailed },
                    () => utils.commanderMessages.invalidate(),
                  )
                }
              />
            )}
            <EditLink name={nameOf(m)} to="/admin/commander-messages/$id" params={{ id: String(m.id) }} />
            <DeleteButton
              name={nameOf(m)}
              question={CONFIRM.deleteCommanderMessage}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: m.id }),
                  { done: T.messageDeleted, failed: T.messageDeleteFailed },
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

/** Community Engagements tab: Title, Date, Tags, Status. */
export function EngagementsTable() {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  const list = trpc.communityEngagements.list.useQuery();
  const remove = trpc.communityEngagements.remove.useMutation();
  const activate = trpc.communityEngagements.activate.useMutation();
  return (
    <>
      <TableToolbar title="Community Engagements" addLabel="Add Community Engagement" add={{ to: '/admin/community-engagement' }} />
      <AdminTable
        label="Community Engagements"
        query={list}
        empty={TEXT.noEngagementsFound}
        columns={[
          { header: 'Title', cell: (e) => <span className="font-semibold">{e.title}</span> },
          { header: 'Date', cell: (e) => f.date(e.date), className: 'md:whitespace-nowrap' },
          {
            header: 'Tags',
            cell: (e) => (
              <span className="flex flex-wrap gap-1">
                {e.tags.map((t) => (
                  <Badge key={t} variant="secondary">
                    {t}
                  </Badge>
                ))}
              </span>
            ),
          },
          { header: 'Status', cell: (e) => <StatusBadge active={e.active} /> },
        ]}
        actions={(e) => (
          <>
            {e.active ? null : (
              <MakeActiveButton
                name={e.title}
                busy={activate.isPending}
                onClick={() =>
                  rowAction(
                    () => activate.mutateAsync({ id: e.id }),
                    { done: T.engagementActivated, failed: T.activateEngagementFailed },
                    () => utils.communityEngagements.invalidate(),
                  )
                }
              />
            )}
            <EditLink name={e.title} to="/admin/community-engagement/$id" params={{ id: String(e.id) }} />
            <DeleteButton
              name={e.title}
              question={CONFIRM.delete('community engagement')}
              busy={remove.isPending}
              onConfirm={() =>
                rowAction(
                  () => remove.mutateAsync({ id: e.id }),
                  { done: T.deleted, failed: T.deleteFailed('community engagement') },
                  () => utils.communityEngagements.invalidate(),
                )
              }
            />
          </>
        )}
      />
    </>
  );
}
