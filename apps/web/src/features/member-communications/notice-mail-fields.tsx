import type * as React from 'react';
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

/** Urgent notices reach members who turned e-mail off too (the API's rule). */
export function isUrgentNotice(v: { priority?: string; type?: string }): boolean {
  return v.priority === 'urgent' || v.type === 'urgent_notice';
}

/**
 * Asks before an urgent communication is published whether it goes by e-mail too: urgent
 * notices reach every member its audience covers, even those who turned e-mail off.
 */
export function UrgentMailDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (sendEmail: boolean) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Send this urgent notice by e-mail too?</AlertDialogTitle>
          <AlertDialogDescription>
            An urgent notice goes by e-mail to every active member its audience reaches who has an e-mail address, even those who turned e-mail off in the
            portal.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Back to the form</AlertDialogCancel>
          <AlertDialogAction variant="outline" onClick={() => onChoose(false)}>
            Post only
          </AlertDialogAction>
          <AlertDialogAction onClick={() => onChoose(true)}>Post and e-mail</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
