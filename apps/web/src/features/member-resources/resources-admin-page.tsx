import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { labelOf } from '@post/contracts/enums/label';
import { ACCESS_LEVEL_LABELS } from '@post/contracts/enums/access-level';
import type { MemberResource } from '@post/contracts/member-resources';
import { commonMessages } from '@post/contracts/messages/common';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { Badge } from '@post/ui/components/badge';
import { DeleteButton, EditLink } from '../../components/admin-table.tsx';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { CategoryIcon } from './labels.tsx';
import { ContentAdminFrame } from '../../components/content-admin-frame.tsx';
import { DRAFT_NEW, ResourceForm } from './member-resource-form.tsx';

const LIST = '/admin/member-resources';

export function ResourcesAdminPage({ editId, creating, onCreatingChange }: { editId?: number; creating: boolean; onCreatingChange: (on: boolean) => void }) {
  const list = trpc.memberResources.list.useQuery();
  const editing = trpc.memberResources.byId.useQuery({ id: editId ?? 0 }, { enabled: editId !== undefined });
  return (
    <ContentAdminFrame
      texts={{
        title: 'Member Resources',
        intro: 'Bylaws, forms, minutes and other documents in the member portal: a link, or a file you upload.',
        newLabel: 'New Resource',
        listHeading: 'All Resources',
        headingId: 'resources-heading',
        notFound: 'This resource does not exist. It may have been deleted.',
        empty: memberResourceMessages.noneFound,
      }}
      listPath={LIST}
      draftKey={DRAFT_NEW}
      editId={editId}
      creating={creating}
      onCreatingChange={onCreatingChange}
      list={list}
      editing={editing}
      form={(item, onDone) => (item ? <ResourceForm key={item.id} resource={item} onDone={onDone} /> : <ResourceForm onDone={onDone} />)}
      row={(r, current) => <ResourceCard r={r} current={current} />}
      // minmax(0, 1fr) columns and min-w-0 cards: a long link is cut inside its card, never widening the page (issue 23 #18).
      listClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      itemClassName="flex"
    />
  );
}

function ResourceCard({ r, current }: { r: MemberResource; current: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.memberResources.remove.useMutation();
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ id: r.id });
      toast.success(commonMessages.deleted, { description: r.title });
      if (current) await navigate({ to: LIST });
    } catch (err) {
      toastSaveError(err, memberResourceMessages.deleteFailed);
    } finally {
      await utils.memberResources.list.invalidate();
    }
  };
  return (
    <article aria-label={r.title} className={`flex w-full min-w-0 flex-col rounded-xl border bg-card p-4 shadow-sm ${current ? 'ring-2 ring-ring' : ''}`}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
          <CategoryIcon category={r.category} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-bold text-navy-800">{r.title}</h3>
          <p className="text-sm text-muted-foreground">
            {labelOf(r.category)} · {labelOf(r.resourceType)}
          </p>
        </div>
        <Badge variant={r.isActive ? 'success' : 'secondary'}>{r.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <p className="mt-3 line-clamp-3 text-base">{r.description}</p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Who sees it:</dt>
          <dd>{ACCESS_LEVEL_LABELS[r.accessLevel]}</dd>
        </div>
        <div className="flex min-w-0 gap-1">
          <dt className="shrink-0 text-muted-foreground">{r.fileName ? 'File:' : 'Link:'}</dt>
          <dd className="min-w-0 truncate">
            {r.fileName ? (
              <a href={`/api/admin/member-resources/${r.id}/file`} className="underline underline-offset-4">
                {r.fileName}
              </a>
            ) : (
              (r.resourceUrl ?? <span className="text-flag-red-800">none yet: members cannot open it</span>)
            )}
            {r.fileSize ? ` (${r.fileSize})` : ''}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Downloads:</dt>
          <dd>{r.downloadCount}</dd>
        </div>
      </dl>
      <div className="mt-auto flex gap-2 pt-4">
        <EditLink name={r.title} to="/admin/member-resources/$id" params={{ id: String(r.id) }} />
        <DeleteButton
          name={r.title}
          question={commonMessages.confirmDeleteNamed(`“${r.title}”`)}
          description={memberResourceMessages.confirmDelete}
          onConfirm={onDelete}
          busy={remove.isPending}
        />
      </div>
    </article>
  );
}
