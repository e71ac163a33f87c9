import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CopyPlusIcon, Trash2Icon } from 'lucide-react';
import type { EventScope } from '@post/contracts/events';
import { commonMessages } from '@post/contracts/messages/common';
import { Button, buttonVariants } from '@post/ui/components/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { SeriesScopeDialog, signupsNotice } from './series-scope-dialog.tsx';
import { keepFocus } from '../../components/admin-table.tsx';
import { NotifyVolunteersField } from './notify-volunteers.tsx';
import { loadToast } from '../../lib/load-toast.ts';

/** The Duplicate link of an event row: a new event form with everything but the volunteers (issue 20). */
export function DuplicateLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to="/admin/events/new" search={{ from: id }} aria-label={`Duplicate ${name}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <CopyPlusIcon aria-hidden="true" />
      Duplicate
    </Link>
  );
}

/** What the toast says after a delete: how many events and sign-ups went. */
function deletedText(r: { deletedEvents: number; deletedSignups: number }): string {
  const events = r.deletedEvents === 1 ? '' : ` ${r.deletedEvents} events`;
  const signups = r.deletedSignups > 0 ? ` (and ${r.deletedSignups} volunteer sign-up${r.deletedSignups === 1 ? '' : 's'})` : '';
  return `${commonMessages.deleted}${events}${signups}`;
}

/** "This deletes 12 events and 3 volunteer sign-ups." for "This and following events", from the API's preview. */
function followingText(title: string, preview: { deletedEvents: number; deletedSignups: number } | undefined): string {
  if (!preview) return `This date and every later date of “${title}” are deleted, with their volunteer sign-ups.`;
  const signups = preview.deletedSignups === 1 ? '1 volunteer sign-up' : `${preview.deletedSignups} volunteer sign-ups`;
  return `This date and every later date of “${title}” are deleted: this deletes ${preview.deletedEvents} event${preview.deletedEvents === 1 ? '' : 's'} and ${signups}. This cannot be undone.`;
}

/**
 * The Delete button of an event row. It says how many sign-ups go with the event, and for an
 * occurrence of a series it asks "This event" / "This and following events" (issue 20).
 */
export function EventDeleteButton({
  event,
  onDeleted,
}: {
  event: { id: number; title: string; seriesId: number | null; volunteerCount: number };
  /** After the delete (the edit page leaves for the dashboard); a table row keeps the focus in the table. */
  onDeleted?: () => void;
}) {
  const utils = trpc.useUtils();
  const remove = trpc.events.remove.useMutation();
  const [open, setOpen] = useState(false);
  // "Tell volunteers by e-mail" (issue 19 #2), on by default.
  const [notify, setNotify] = useState(true);
  // Counted by the API only when the question is open: the later dates' sign-ups are not on this page.
  const following = trpc.events.deletePreview.useQuery({ id: event.id, scope: 'following' }, { enabled: open && event.seriesId !== null });
  const run = async (scope: EventScope) => {
    let r: Awaited<ReturnType<typeof remove.mutateAsync>>;
    try {
      r = await remove.mutateAsync({ id: event.id, scope, notifyVolunteers: notify });
    } catch (err) {
      // An event with attendance is kept: the server says why and what to do instead (decision 0081).
      (await loadToast()).error(errorStatus(err) === 409 && err instanceof Error ? err.message : commonMessages.deleteFailed('event'));
      return;
    }
    // Outside the try: a toast that cannot load must not report a done delete as failed.
    void loadToast().then((toast) => toast.success(deletedText(r)));
    if (onDeleted) return onDeleted();
    await Promise.all([utils.events.invalidate(), utils.volunteers.invalidate()]);
    keepFocus();
  };
  const trigger = (
    <Button
      variant="danger"
      size="sm"
      aria-label={`Delete ${event.title}`}
      disabled={remove.isPending}
      onClick={event.seriesId !== null ? () => setOpen(true) : undefined}
    >
      <Trash2Icon aria-hidden="true" />
      Delete
    </Button>
  );
  if (event.seriesId === null) {
    return (
      <ConfirmDialog
        title={commonMessages.confirmDelete('event')}
        description={`“${event.title}” will be removed from the website. ${signupsNotice(event.volunteerCount)} This cannot be undone.`}
        onConfirm={() => run('this')}
        trigger={trigger}
      >
        <NotifyVolunteersField count={event.volunteerCount} checked={notify} onChange={setNotify} deleting />
      </ConfirmDialog>
    );
  }
  return (
    <>
      {trigger}
      <SeriesScopeDialog
        open={open}
        onOpenChange={setOpen}
        title={commonMessages.confirmDelete('event')}
        destructive
        confirmLabel="Delete"
        description={(scope) =>
          scope === 'this'
            ? `Only this date of “${event.title}” is deleted. ${signupsNotice(event.volunteerCount)} This cannot be undone.`
            : followingText(event.title, following.data)
        }
        onChoose={async (scope) => {
          setOpen(false);
          await run(scope);
        }}
      >
        <NotifyVolunteersField count={Math.max(event.volunteerCount, following.data?.deletedSignups ?? 0)} checked={notify} onChange={setNotify} deleting />
      </SeriesScopeDialog>
    </>
  );
}
