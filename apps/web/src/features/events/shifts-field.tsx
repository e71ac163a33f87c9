import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { MAX_SHIFTS, MAX_SHIFT_CAPACITY } from '@post/contracts/limits';
import { Button } from '@post/ui/components/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import type { EventFormIn, EventFormOut } from './event-form.tsx';

/**
 * The event form's shifts (issue 43, decision 0064): add, edit, move up or down, remove. A
 * shift with sign-ups is removed only after confirming; its volunteers are told by e-mail when
 * the event is saved (the "Tell volunteers" box).
 */
export function ShiftsField({ form }: { form: UseFormReturn<EventFormIn, unknown, EventFormOut> }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'shifts', keyName: 'key' });
  const add = () => {
    const v = form.getValues();
    append({ role: '', date: v.startDate, startTime: v.startTime, endTime: v.endTime, capacity: 1, note: '', signups: 0 });
  };
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-lg font-semibold">Volunteer Shifts</legend>
      <p className="text-base text-muted-foreground">
        Optional. Each shift has its own role, time and capacity; with shifts, the event&apos;s positions are the shifts&apos; capacities added up.
      </p>
      <ol className="space-y-4">
        {fields.map((field, i) => {
          const role = form.watch(`shifts.${i}.role`) || `Shift ${i + 1}`;
          const signups = field.signups;
          const removeButton = (
            <Button type="button" variant="danger" size="sm" aria-label={`Remove shift ${role}`}>
              <Trash2Icon aria-hidden="true" />
              Remove
            </Button>
          );
          return (
            <li key={field.key} className="rounded-lg border bg-card p-4">
              <fieldset className="space-y-3">
                <legend className="font-semibold">
                  Shift {i + 1}
                  {signups > 0 ? <span className="font-normal text-muted-foreground"> ({signups} signed up)</span> : null}
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField form={form} name={`shifts.${i}.role`} label="Role" required maxLength={100} description="For example: Server, Cashier, Set-up." />
                  <TextField
                    form={form}
                    name={`shifts.${i}.capacity`}
                    label="Capacity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_SHIFT_CAPACITY}
                    step={1}
                    required
                  />
                  <TextField form={form} name={`shifts.${i}.date`} label="Date" type="date" required />
                  <div className="grid grid-cols-2 gap-3">
                    <TextField form={form} name={`shifts.${i}.startTime`} label="From" type="time" required />
                    <TextField form={form} name={`shifts.${i}.endTime`} label="To" type="time" required />
                  </div>
                </div>
                <TextField form={form} name={`shifts.${i}.note`} label="Note (optional)" maxLength={1000} />
                <div className="flex flex-wrap gap-2">
                  <Button type="button" variant="outline" size="sm" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move shift ${role} up`}>
                    <ArrowUpIcon aria-hidden="true" />
                    Up
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move shift ${role} down`}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                    Down
                  </Button>
                  {signups > 0 ? (
                    <ConfirmDialog
                      trigger={removeButton}
                      title="Remove this shift?"
                      description={`${signups} ${signups === 1 ? 'person has' : 'people have'} signed up for ${role}. Their sign-ups are removed when you save, and they are told by e-mail.`}
                      confirmLabel="Remove"
                      onConfirm={() => remove(i)}
                    />
                  ) : (
                    <Button type="button" variant="danger" size="sm" aria-label={`Remove shift ${role}`} onClick={() => remove(i)}>
                      <Trash2Icon aria-hidden="true" />
                      Remove
                    </Button>
                  )}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {fields.length < MAX_SHIFTS ? (
        <Button type="button" variant="outline" onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add a shift
        </Button>
      ) : null}
    </fieldset>
  );
}
