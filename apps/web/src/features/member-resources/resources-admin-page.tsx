import type * as React from 'react';
import { labelOf } from '@post/contracts/enums/label';
import { ACCESS_LEVEL_LABELS } from '@post/contracts/enums/access-level';
import type { MemberResource } from '@post/contracts/member-resources';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { Badge } from '@post/ui/components/badge';
import { trpc } from '../../lib/trpc.ts';
import { CategoryIcon, draftKey } from './labels.tsx';
import { ContentAdminFrame } from '../../components/content-admin-frame.tsx';

/** Member resources admin (spec §2): a card grid, each with Edit (its editor page) and Delete. */
export function ResourcesAdminPage() {
  const utils = trpc.useUtils();
  const list = trpc.memberResources.list.useQuery();
  const remove = trpc.memberResources.remove.useMutation();
  return (
    <ContentAdminFrame
      texts={{
        title: 'Member Resources',
        intro: 'Bylaws, forms, minutes and other documents in the member portal: a link, or a file you upload.',
        newLabel: 'New Resource',
        listHeading: 'All Resources',
        headingId: 'resources-heading',
        empty: memberResourceMessages.noneFound,
        confirmDelete: memberResourceMessages.confirmDelete,
        deleteFailed: memberResourceMessages.deleteFailed,
      }}
      listPath="/admin/member-resources"
      draftKey={draftKey()}
      list={list}
      remove={remove}
      refresh={() => utils.memberResources.list.invalidate()}
      row={(r, actions) => <ResourceCard r={r} actions={actions} />}
      // minmax(0, 1fr) columns and min-w-0 cards: a long link is cut inside its card, never widening the page (issue 23 #18).
      listClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      itemClassName="flex"
    />
  );
}

function ResourceCard({ r, actions }: { r: MemberResource; actions: React.ReactNode }) {
  return (
    <article aria-label={r.title} className="flex w-full min-w-0 flex-col rounded-xl border bg-card p-4 shadow-sm">
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
      <div className="mt-auto flex gap-2 pt-4">{actions}</div>
    </article>
  );
}
