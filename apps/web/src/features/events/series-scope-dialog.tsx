import { useId, useState } from 'react';
import type * as React from 'react';
import type { EventScope } from '@post/contracts/events';
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

/**
 * Asks which occurrences of a recurring event an edit or a delete touches (issue 20): "This
 * event" or "This and following events", as a radio group; Continue runs `onChoose(scope)`.
 */
export function SeriesScopeDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  onChoose,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: (scope: EventScope) => string;
  confirmLabel: string;
  destructive?: boolean;
  onChoose: (scope: EventScope) => void | Promise<void>;
  /** Options shown under the question (the delete's "Tell volunteers by e-mail"). */
  children?: React.ReactNode;
}) {
  const [scope, setScope] = useState<EventScope>('this');
  const name = useId();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>This event is one date of a recurring event.</AlertDialogDescription>
        </AlertDialogHeader>
        <div role="radiogroup" aria-label="Which dates" className="space-y-1">
          {(
            [
              ['this', 'This event'],
              ['following', 'This and following events'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-3 rounded-md border px-3 text-base has-[:checked]:border-navy-600 has-[:checked]:bg-navy-50"
            >
              <input type="radio" name={name} value={value} checked={scope === value} onChange={() => setScope(value)} className="size-5 accent-navy-700" />
              {label}
            </label>
          ))}
        </div>
        <p className="text-base text-muted-foreground" aria-live="polite">
          {description(scope)}
        </p>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? 'destructive' : 'default'} onClick={() => void onChoose(scope)}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** "This deletes 3 volunteer sign-ups." (or nothing to say when there are none). */
export function signupsNotice(count: number): string {
  if (count <= 0) return 'No volunteers have signed up.';
  return `This deletes ${count} volunteer sign-up${count === 1 ? '' : 's'}.`;
}
