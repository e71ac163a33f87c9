import { toast } from 'sonner';
import { ArrowUpFromLineIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';

/** "Give a place" to someone waiting (issue 43): asks first, then POST /api/volunteers/{id}/promote; they are mailed "You're in". */
export function PromoteVolunteer({ id, name }: { id: number; name: string }) {
  const utils = trpc.useUtils();
  const promote = trpc.volunteers.promote.useMutation();
  const onConfirm = async () => {
    try {
      await promote.mutateAsync({ id });
    } catch (err) {
      toastSaveError(err, 'Could not give the place. Please try again.');
      return;
    }
    toast.success(`${name} has a place and is told by e-mail.`);
    await Promise.all([utils.events.invalidate(), utils.volunteers.invalidate()]);
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={promote.isPending}>
          <ArrowUpFromLineIcon aria-hidden="true" />
          {/* The visible words begin the name (WCAG 2.5.3, decision 0087). */}
          Give a place<span className="sr-only"> to {name}</span>
        </Button>
      }
      title="Give this person a place?"
      description={`${name} leaves the waitlist and is signed up, even if the shift is full, and is told by e-mail.`}
      confirmLabel="Give a place"
      onConfirm={onConfirm}
    />
  );
}
