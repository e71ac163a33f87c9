import type { RenewalReminderPreview } from '@post/contracts/renewals';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

const reminders = (n: number) => `${n} renewal ${n === 1 ? 'reminder' : 'reminders'}`;

/**
 * Asked before Settings are saved when the save would send renewal reminders (issue 61 #3,
 * decision 0095): how many, and the first as it would be written. Cancel saves nothing.
 */
export function RemindersOnSaveDialog({
  preview,
  onConfirm,
  onCancel,
}: {
  preview: RenewalReminderPreview | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const n = preview?.count ?? 0;
  return (
    <ConfirmDialog
      open={preview !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={`Saving sends ${reminders(n)} now`}
      description={`With these settings ${reminders(n)} ${n === 1 ? 'is' : 'are'} due today and would go by e-mail at once, each written when it is sent. This is the one to ${preview?.to ?? 'the first member'}, as it would read now:`}
      confirmLabel={`Save and send ${reminders(n)}`}
      cancelLabel="Don't save yet"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="max-h-72 min-w-0 overflow-y-auto rounded-md border bg-muted p-3 text-sm [overflow-wrap:anywhere]">
        <p className="font-semibold">{preview?.subject}</p>
        <p className="whitespace-pre-wrap">{preview?.text}</p>
      </div>
    </ConfirmDialog>
  );
}
