import { formMessages } from '@post/contracts/messages/forms';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import type { UnsavedChangesBlocker } from '../../lib/use-unsaved-changes.ts';

/**
 * Asks whether to leave a form with unsaved changes (see useUnsavedChanges): the app's
 * ConfirmDialog with the spec's texts. `onLeave` runs when the person chooses to leave without
 * saving (pass the draft's `clear`).
 */
export function UnsavedChangesDialog({ blocker, onLeave }: { blocker: UnsavedChangesBlocker; onLeave?: () => void }) {
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(o) => !o && blocker.reset?.()}
      title={formMessages.unsavedChanges.title}
      description={formMessages.unsavedChanges.description}
      cancelLabel={formMessages.unsavedChanges.stay}
      confirmLabel={formMessages.unsavedChanges.leave}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
    />
  );
}
