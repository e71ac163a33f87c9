import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type * as React from 'react';
import { formMessages } from '@post/contracts/messages/forms';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogClose, DialogFooter } from '@post/ui/components/dialog';
import { ConfirmDialog } from '../confirm-dialog.tsx';

const ReportDirty = createContext<(dirty: boolean) => void>(() => {});

/**
 * A dialog that holds a form (issue 46 #2, decision 0061): Escape, a click outside, its Close
 * button or a Cancel made of `DialogClose` ask "Discard changes?" while the form inside reports
 * unsaved changes through `useDialogDirty`. `onOpenChange(false)` called by the owner itself (after
 * a save) closes it without asking. The form says whether it holds changes with `useDialogDirty`, or
 * its owner with `dirty`, or by passing its react-hook-form `form`, which a discarding close also
 * resets so that the next opening starts afresh.
 */
export function FormDialog({
  open,
  onOpenChange,
  dirty: ownDirty,
  form,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the form holds unsaved changes, when the owner knows (else the form's `useDialogDirty`). */
  dirty?: boolean;
  /** The owner's react-hook-form form: its changes ask, and a close discards them. */
  form?: { reset: () => void; formState: { isDirty: boolean } };
  children: React.ReactNode;
}) {
  const owned = ownDirty ?? form?.formState.isDirty;
  const close = () => {
    form?.reset();
    onOpenChange(false);
  };
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const change = (next: boolean) => {
    if (!next && (owned ?? dirty.current)) setAsking(true);
    else if (!next) close();
    else onOpenChange(next);
  };
  return (
    <ReportDirty value={report}>
      <Dialog open={open} onOpenChange={change}>
        {children}
      </Dialog>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={formMessages.discardChanges.title}
        description={formMessages.discardChanges.description}
        cancelLabel={formMessages.discardChanges.keep}
        confirmLabel={formMessages.discardChanges.discard}
        onConfirm={() => {
          dirty.current = false;
          setAsking(false);
          close();
        }}
      />
    </ReportDirty>
  );
}

/** Tells the enclosing `FormDialog` whether its form holds unsaved changes. */
export function useDialogDirty(dirty: boolean): void {
  const report = useContext(ReportDirty);
  useEffect(() => {
    report(dirty);
    return () => report(false);
  }, [report, dirty]);
}

/** Cancel and submit at the bottom of a `FormDialog`'s form: Cancel is a `DialogClose`, so it asks first when there are changes; submit is disabled while saving. */
export function FormDialogActions({ saving, saveLabel, savingLabel = 'Saving...' }: { saving: boolean; saveLabel: string; savingLabel?: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={saving}>
        {saving ? savingLabel : saveLabel}
      </Button>
    </DialogFooter>
  );
}
