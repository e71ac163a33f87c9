import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AttendanceHoursFormSchema, type AttendanceHoursFormIn, type AttendanceHoursFormOut } from '@post/contracts/attendance';
import { Button } from '@post/ui/components/button';
import { DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { TextField } from '../../components/form/text-fields.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';

/**
 * An administrator's figure of one person's hours, with the reason (audited; issue 44), or back to
 * the hours derived from the times, the shift or the event.
 */
export function HoursDialog({
  eventId,
  person,
  onClose,
}: {
  eventId: number;
  person: { attendanceId: number | null; name: string; hours: number; hoursOverridden: boolean; hoursReason?: string | null };
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const set = trpc.attendance.setHours.useMutation();
  const form = useForm<AttendanceHoursFormIn, unknown, AttendanceHoursFormOut>({
    resolver: zodResolver(AttendanceHoursFormSchema),
    defaultValues: { hours: String(person.hours), reason: person.hoursReason ?? '' },
  });
  const save = async (hours: number | null, reason: string) => {
    try {
      await set.mutateAsync({ id: person.attendanceId!, hours, reason });
      toast.success(hours === null ? `${person.name}: hours derived again` : `${person.name}: hours saved`);
      await utils.door.list.invalidate({ id: eventId });
      onClose();
    } catch (err) {
      toast.error(serverMessage(err) ?? 'Could not save the hours. Please try again.');
    }
  };
  const onSubmit = form.handleSubmit((v) => save(v.hours, v.reason));
  return (
    <FormDialog open onOpenChange={(open) => !open && onClose()} form={form}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Hours of {person.name}</DialogTitle>
          <DialogDescription>
            {person.hoursOverridden
              ? 'Set by an administrator. The reason is kept in the audit log.'
              : 'Counted from the check-in and check-out, else the shift or the event. A change needs a reason, kept in the audit log.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Hours of ${person.name}`}>
          <TextField form={form} name="hours" label="Hours" type="number" inputMode="decimal" min={0} max={24} step={0.25} required />
          <TextField form={form} name="reason" label="Reason" autoComplete="off" required description="For example: stayed to clean the kitchen." />
          <DialogFooter className="gap-3!">
            {person.hoursOverridden ? (
              <Button type="button" variant="outline" className="min-h-11" disabled={set.isPending} onClick={() => void save(null, '')}>
                Use the counted hours
              </Button>
            ) : null}
            <DialogClose asChild>
              <Button type="button" variant="outline" className="min-h-11">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" className="min-h-11" disabled={set.isPending}>
              {set.isPending ? 'Saving...' : 'Save hours'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
