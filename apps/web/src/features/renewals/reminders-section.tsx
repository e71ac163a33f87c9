import { SendIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@post/ui/components/button';
import { formatIn, usePostFormat } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';

/** Renewal reminders: the next batch before it goes, and who was reminded when (issue 45 #2, decision 0065). */
export function RemindersSection() {
  const reminders = trpc.renewals.reminders.useQuery();
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
                <Button className="mt-3" onClick={() => void sendNow()} disabled={send.isPending}>
                  <SendIcon aria-hidden="true" />
                  {send.isPending ? 'Sending...' : 'Send reminders now'}
                </Button>
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
                    {s.sentAt ? `, sent ${when(s.sentAt)}` : ', not sent yet'}
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
