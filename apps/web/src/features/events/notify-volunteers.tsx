import { useId } from 'react';
import { Checkbox } from '@post/ui/components/checkbox';
import { Label } from '@post/ui/components/label';

/**
 * "Tell volunteers by e-mail" (issue 19 #2), on by default: shown in the event form and the
 * delete confirmation when the event has volunteers. Each volunteer is e-mailed when the time
 * or place changes, or when the event is deleted.
 */
export function NotifyVolunteersField({
  count,
  checked,
  onChange,
  deleting,
}: {
  count: number;
  checked: boolean;
  onChange: (on: boolean) => void;
  deleting?: boolean;
}) {
  const id = useId();
  if (count <= 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} aria-describedby={`${id}-note`} />
      <Label htmlFor={id}>Tell volunteers by e-mail</Label>
      <p id={`${id}-note`} className="basis-full text-sm text-muted-foreground">
        {deleting
          ? count === 1
            ? 'The volunteer signed up is told the event is called off.'
            : `Each of the ${count} volunteers signed up is told the event is called off.`
          : count === 1
            ? 'If the time or place changes, the volunteer signed up gets an e-mail.'
            : `If the time or place changes, each of the ${count} volunteers signed up gets an e-mail.`}
      </p>
    </div>
  );
}
