import type * as React from 'react';
import { labelOf } from '@post/contracts/enums/label';
import { TARGET_AUDIENCE_LABELS } from '@post/contracts/enums/target-audience';
import type { MemberCommunication } from '@post/contracts/member-communications';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { Badge } from '@post/ui/components/badge';
import { usePostFormat } from '../../lib/format.ts';
import { useMountTime } from '../../lib/use-mount-time.ts';
import { trpc } from '../../lib/trpc.ts';
import { draftKey, PRIORITY_BADGE } from './labels.ts';
import { ContentAdminFrame } from '../../components/content-admin-frame.tsx';

/** Member communications admin (spec §2): the list, each with Edit (its editor page) and Delete. */
export function CommunicationsAdminPage() {
  const utils = trpc.useUtils();
  const list = trpc.memberCommunications.list.useQuery();
  const remove = trpc.memberCommunications.remove.useMutation();
  return (
    <ContentAdminFrame
      texts={{
        title: 'Member Communications',
        intro: 'Announcements, newsletters, meeting minutes and urgent notices for members. Drafts stay hidden until published.',
        newLabel: 'New Communication',
        listHeading: 'All Communications',
        headingId: 'communications-heading',
        empty: communicationMessages.noneFound,
        confirmDelete: communicationMessages.confirmDelete,
        deleteFailed: communicationMessages.deleteFailed,
      }}
      listPath="/admin/member-communications"
      draftKey={draftKey()}
      list={list}
      remove={remove}
      refresh={() => utils.memberCommunications.list.invalidate()}
      row={(c, actions) => <CommunicationRow c={c} actions={actions} />}
      listClassName="space-y-3"
    />
  );
}

function CommunicationRow({ c, actions }: { c: MemberCommunication; actions: React.ReactNode }) {
  const fmt = usePostFormat();
  const now = useMountTime();
  const when = c.publishDate ? `${Date.parse(c.publishDate) > now ? 'Scheduled for' : 'Published'} ${fmt.dateTime(c.publishDate)}` : 'No publish date';
  return (
    <article aria-label={c.title} className="rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-bold text-navy-800">{c.title}</h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={c.isPublished ? 'success' : 'secondary'}>{c.isPublished ? 'Published' : 'Draft'}</Badge>
            <Badge variant={PRIORITY_BADGE[c.priority]}>
              {labelOf(c.priority)}
              <span className="sr-only"> priority</span>
            </Badge>
            <Badge variant="outline">{labelOf(c.type)}</Badge>
          </div>
          <p className="text-base text-muted-foreground">
            For {TARGET_AUDIENCE_LABELS[c.targetAudience]} · {when}
            {c.expiryDate ? ` · ${Date.parse(c.expiryDate) <= now ? 'Expired' : 'Expires'} ${fmt.dateTime(c.expiryDate)}` : ''}
          </p>
        </div>
        <div className="flex gap-2">{actions}</div>
      </div>
    </article>
  );
}
