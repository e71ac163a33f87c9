import { BanIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { OutboxItem } from '@post/contracts/mail';
import { Button } from '@post/ui/components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureMessage, trpc } from '../../../lib/trpc.ts';

/** Cancels a queued message after asking (decision 0086); the server answers 409 once it went. */
export function CancelMessage({ message: m }: { message: OutboxItem }) {
  const utils = trpc.useUtils();
  const cancel = trpc.outbox.cancel.useMutation();
  const onCancel = async () => {
    try {
      await cancel.mutateAsync({ id: m.id });
      toast.success('Message cancelled', { description: `“${m.subject}” to ${m.to} will not be sent.` });
    } catch (err) {
      toast.error(failureMessage(err, 'The message could not be cancelled.'));
    }
    await utils.outbox.invalidate();
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={cancel.isPending}>
          <BanIcon aria-hidden="true" />
          Cancel message
        </Button>
      }
      title="Cancel this message?"
      description={`“${m.subject}” to ${m.to} will not be sent. You can queue it again with Retry.`}
      confirmLabel="Cancel message"
      cancelLabel="Keep it"
      onConfirm={onCancel}
    />
  );
}
