import { useState } from 'react';
import { ArchiveIcon, DownloadIcon, TrashIcon, TriangleAlertIcon } from 'lucide-react';
import type { BackupStatusOutput } from '@post/contracts/upkeep';
import { Button } from '@post/ui/components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePostFormat } from '../../../lib/format.ts';
import { failureMessage, trpc } from '../../../lib/trpc.ts';
import { loadToast } from '../../../lib/load-toast.ts';

// The dashboard's upkeep (issue 57, decision 0082): the nightly backup's state, with a warning
// when it is old or failed, and, while the site still holds demo content, its removal in one step.

const DEMO_LABELS: Record<string, [string, string]> = {
  events: ['event', 'events'],
  members: ['member', 'members'],
  news: ['news item', 'news items'],
  resources: ['resource', 'resources'],
  commanderMessages: ['commander message', 'commander messages'],
  communityEngagements: ['community engagement', 'community engagements'],
  memberCommunications: ['member communication', 'member communications'],
  memberResources: ['member resource', 'member resources'],
  serviceEntries: ['service entry', 'service entries'],
  images: ['photo', 'photos'],
};

/** "33 events, 29 members and 4 news items": the kinds a person entered, not sign-ups or shifts. */
function demoSummary(counts: Record<string, number>): string {
  const parts = Object.entries(DEMO_LABELS)
    .filter(([table]) => (counts[table] ?? 0) > 0)
    .map(([table, [one, many]]) => `${counts[table]} ${counts[table] === 1 ? one : many}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'some records');
}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Both parts, for administrators only. */
export function SiteUpkeep() {
  return (
    <div className="mb-6 space-y-4">
      <DemoContentNotice />
      <BackupStatus />
    </div>
  );
}

/** Shown while demo content is left: what there is, and one button to remove it all. */
function DemoContentNotice() {
  const utils = trpc.useUtils();
  const demo = trpc.upkeep.demoContent.useQuery(undefined, { staleTime: 60_000 });
  const remove = trpc.upkeep.removeDemoContent.useMutation();
  const [open, setOpen] = useState(false);
  if (!demo.data || demo.data.total === 0) return null;
  const summary = demoSummary(demo.data.counts);
  const onRemove = async () => {
    try {
      await remove.mutateAsync();
    } catch (err) {
      (await loadToast()).error(failureMessage(err, 'The demo content could not be removed. Please try again.'));
      return;
    }
    void loadToast().then((toast) => toast.success('Demo content removed', { description: `${summary} were removed. What you entered yourself is kept.` }));
    await utils.invalidate();
  };
  return (
    <section aria-labelledby="demo-content-title" className="flex flex-col gap-3 rounded-lg border border-navy-300 bg-navy-50 p-4 sm:flex-row sm:items-center">
      <div className="flex-1">
        <h2 id="demo-content-title" className="text-lg font-semibold text-navy-800">
          This site still holds demo content
        </h2>
        <p className="text-base">
          {summary}, and the demo members&apos; portal sign-ins, were loaded to try the site. Remove them before the site goes live; what you entered yourself
          stays.
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove all demo content?"
        description={`${summary} are deleted, with their sign-ups, shifts, attendance and photos. Records you entered yourself are kept. This cannot be undone.`}
        confirmLabel="Remove demo content"
        onConfirm={onRemove}
        trigger={
          <Button variant="destructive" className="min-h-11 shrink-0" disabled={remove.isPending}>
            <TrashIcon aria-hidden="true" />
            {remove.isPending ? 'Removing…' : 'Remove demo content'}
          </Button>
        }
      />
    </section>
  );
}

/** The last backup, when it was made and where to get it; a warning when it is old or the last one failed. */
function BackupStatus() {
  const status = trpc.upkeep.backupStatus.useQuery(undefined, { staleTime: 60_000 });
  const f = usePostFormat();
  const s: BackupStatusOutput | undefined = status.data;
  if (!s) return null;
  const warn = s.warning !== null;
  const headline =
    s.warning === 'failed'
      ? 'The last backup failed'
      : !s.last
        ? 'No backup has been made yet'
        : warn
          ? `The last backup is more than two days old (${f.dateTime(s.last.at)})`
          : `Last backup: ${f.dateTime(s.last.at)}`;
  return (
    <section
      aria-labelledby="backup-status-title"
      role={warn ? 'alert' : undefined}
      className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center ${warn ? 'border-amber-600 bg-amber-50 text-amber-950' : 'bg-card'}`}
    >
      {warn ? (
        <TriangleAlertIcon aria-hidden="true" className="size-5 shrink-0" />
      ) : (
        <ArchiveIcon aria-hidden="true" className="size-5 shrink-0 text-navy-800" />
      )}
      <div className="flex-1">
        <h2 id="backup-status-title" className="text-lg font-semibold">
          {headline}
        </h2>
        <p className="text-base">
          {s.warning === 'failed' && s.lastRun?.error ? `${s.lastRun.error}. ` : ''}
          {warn
            ? 'The site backs itself up every night; check the server’s disk space and its log (the line starting “backup failed”).'
            : `A backup is made every night at ${s.settings.time}; the newest ${s.settings.keep} are kept on the server. Download one now and then to keep a copy elsewhere.`}
        </p>
      </div>
      {s.last ? (
        <a
          href={`/api/admin/backups/${encodeURIComponent(s.last.name)}`}
          download
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md border bg-background px-4 font-semibold text-navy-800 hover:bg-navy-50"
        >
          <DownloadIcon aria-hidden="true" className="size-4" />
          Download the last backup ({size(s.last.size)})
        </a>
      ) : null}
    </section>
  );
}
