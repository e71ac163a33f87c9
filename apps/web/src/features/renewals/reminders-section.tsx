import { SendIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@post/ui/components/button';
import { formatIn, usePostFormat } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/** Renewal reminders: the next batch before it goes, and who was reminded when (issue 45 #2, decision 0065). */
export function RemindersSection() {
  const reminders = trpc.renewals.reminders.useQuery();
  // What would go, written as it would be now, shown before anything is sent (decision 0086).
  const preview = trpc.renewals.previewReminders.useQuery(undefined, { enabled: (reminders.data?.next.length ?? 0) > 0 });
  const utils = trpc.useUtils();
  const send = trpc.renewals.sendReminders.useMutation();
  const { timeZone } = usePostFormat();
  const when = (iso: string) => formatIn(timeZone, { dateStyle: 'medium', timeStyle: 'short' }, iso);
  const r = reminders.data;
  const sendNow = async () => {
    try {
      const { queued } = await send.mutateAsync();
      toast.success('Reminders queued', { description: `${queued} ${queued === 1 ? 'reminder' : 'reminders'} in the outbox` });
    } catch (err) {
      toastSaveError(err, 'The reminders were not sent');
    }
    await utils.renewals.reminders.invalidate();
  };
  return (
    <section aria-labelledby="reminders-heading" className="space-y-4" data-no-print>
      <h2 id="reminders-heading" className="border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800">
        Renewal reminders
      </h2>
      <p className="text-base text-muted-foreground">
        {r && !r.automatic
          ? 'Automatic sending is off in Settings: the next batch waits until you choose Send reminders now. Each member gets each reminder once.'
          : 'Sent by e-mail at the times Settings names, once each; the next batch goes within minutes, or now with Send reminders now.'}
      </p>
      {!r ? (
        <p role="status">{reminders.isError ? 'The reminders could not be loaded.' : 'Loading reminders...'}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-lg font-semibold">Next batch ({r.next.length})</h3>
            {r.next.length === 0 ? (
              <p className="text-base text-muted-foreground">No reminder is due to go now.</p>
            ) : (
              <>
                <ul className="space-y-1 text-base" aria-label="Next batch">
                  {r.next.map((n) => (
                    <li key={`${n.memberId}-${n.reminder}`}>
                      {n.name}: {n.reminder.toLowerCase()}, renew for {n.renewFor}
                    </li>
                  ))}
                </ul>
                <ConfirmDialog
                  trigger={
                    <Button className="mt-3" disabled={send.isPending || !preview.data}>
                      <SendIcon aria-hidden="true" />
                      {send.isPending ? 'Sending...' : 'Send reminders now'}
                    </Button>
                  }
                  title={`Send ${preview.data?.count ?? r.next.length} renewal ${preview.data?.count === 1 ? 'reminder' : 'reminders'}?`}
                  description={`Each goes by e-mail, written when it is sent. This is the one to ${preview.data?.to ?? 'the first member'}, as it would read now:`}
                  confirmLabel={`Send ${preview.data?.count ?? r.next.length} ${(preview.data?.count ?? r.next.length) === 1 ? 'reminder' : 'reminders'}`}
                  onConfirm={sendNow}
                >
                  <div className="max-h-72 min-w-0 overflow-y-auto rounded-md border bg-muted p-3 text-sm [overflow-wrap:anywhere]">
                    <p className="font-semibold">{preview.data?.subject}</p>
                    <p className="whitespace-pre-wrap">{preview.data?.text}</p>
                  </div>
                </ConfirmDialog>
              </>
            )}
          </div>
          <div>
            <h3 className="mb-2 text-lg font-semibold">Reminded</h3>
            {r.sent.length === 0 ? (
              <p className="text-base text-muted-foreground">No reminders yet.</p>
            ) : (
              <ul className="space-y-1 text-base" aria-label="Reminded">
                {r.sent.map((s) => (
                  <li key={`${s.memberId}-${s.reminder}-${s.renewFor}`}>
                    {s.name}: {s.reminder.toLowerCase()} ({s.renewFor}), queued {when(s.queuedAt)}
                    {s.sentAt ? `, sent ${when(s.sentAt)}` : s.state === 'cancelled' ? `, not sent: ${s.cancelledBecause ?? 'cancelled'}` : ', not sent yet'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
