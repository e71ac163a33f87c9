import { CONFIRM } from '@post/contracts/messages';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@post/ui/components/alert-dialog';
import type { UnsavedChangesBlocker } from '../../../lib/use-unsaved-changes.ts';

/**
 * Asks whether to leave a form with unsaved changes (see useUnsavedChanges). `onLeave` runs when
 * the person chooses to leave without saving (pass the draft's `clear`).
 */
export function UnsavedChangesDialog({ blocker, onLeave }: { blocker: UnsavedChangesBlocker; onLeave?: () => void }) {
  const open = blocker.status === 'blocked';
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && blocker.reset?.()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CONFIRM.unsavedChanges.title}</AlertDialogTitle>
          <AlertDialogDescription>{CONFIRM.unsavedChanges.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => blocker.reset?.()}>{CONFIRM.unsavedChanges.stay}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              onLeave?.();
              blocker.proceed?.();
            }}
          >
            {CONFIRM.unsavedChanges.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
