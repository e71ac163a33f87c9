import { useId, useState } from 'react';
import { commonMessages } from '@post/contracts/messages/common';
import { communityMessages } from '@post/contracts/messages/community';
import { Badge } from '@post/ui/components/badge';
import { trpc } from '../../../lib/trpc.ts';
import { usePostFormat } from '../../../lib/format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { selectClass } from '../../../components/form/select-class.ts';
import { AdminTable, DeleteButton, EditLink, MakeActiveButton, rowAction, TableToolbar } from '../../../components/admin-table.tsx';

interface Engagement {
  id: number;
  title: string;
  active: boolean;
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
      <TableToolbar title="Community Engagements" addLabel="Add Community Engagement" add={{ to: '/admin/community-engagement/new' }} />
      <AdminTable
        label="Community Engagements"
        query={list}
        empty={communityMessages.noneFound}
        searchText={(e) => `${e.title} ${e.tags.join(' ')}`}
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
                    { done: communityMessages.activated, failed: communityMessages.activateFailed },
                    () => utils.communityEngagements.invalidate(),
                  )
                }
              />
            )}
            <EditLink name={e.title} to="/admin/community-engagement/$id" params={{ id: String(e.id) }} />
            <EngagementDeleteButton
              engagement={e}
              others={(list.data ?? []).filter((o) => o.id !== e.id)}
              busy={remove.isPending || activate.isPending}
              onDelete={(next) =>
                rowAction(
                  async () => {
                    await remove.mutateAsync({ id: e.id });
                    if (next !== undefined) await activate.mutateAsync({ id: next });
                  },
                  { done: commonMessages.deleted, failed: commonMessages.deleteFailed('community engagement') },
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

/**
 * Delete, and for the engagement the home page shows: a warning that the home page will then show
 * none, with the choice of another to make active in the same step (issue 46).
 */
function EngagementDeleteButton({
  engagement,
  others,
  busy,
  onDelete,
}: {
  engagement: Engagement;
  others: Engagement[];
  busy: boolean;
  onDelete: (next: number | undefined) => Promise<void>;
}) {
  const id = useId();
  const [next, setNext] = useState('');
  if (!engagement.active) {
    return (
      <DeleteButton name={engagement.title} question={commonMessages.confirmDelete('community engagement')} busy={busy} onConfirm={() => onDelete(undefined)} />
    );
  }
  return (
    <DeleteButton
      name={engagement.title}
      question={commonMessages.confirmDelete('community engagement')}
      description={`“${engagement.title}” is the one shown on the home page. Once it is deleted, the home page shows no community engagement until another is made active. This cannot be undone.`}
      busy={busy}
      onConfirm={() => onDelete(next ? Number(next) : undefined)}
    >
      {others.length ? (
        <div className="space-y-2">
          <label htmlFor={id} className="block font-semibold">
            Show another on the home page
          </label>
          <select id={id} className={selectClass} value={next} onChange={(ev) => setNext(ev.target.value)}>
            <option value="">None for now</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </DeleteButton>
  );
}
