import type { Shift } from '@post/contracts/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { cn } from '@post/ui/lib/utils';
import { useShiftTime } from '../../lib/shift-time.ts';

/** Whether a shift has no place left (it may still take people on its waitlist until it starts). */
export const shiftFull = (s: Shift): boolean => s.filled >= s.capacity;
/** Whether a shift can still be chosen: not ended, and either room or a waitlist still open. */
export const shiftOpen = (s: Shift, now = Date.now()): boolean =>
  Date.parse(s.endDate) > now && (!shiftFull(s) || (s.capacity > 0 && Date.parse(s.startDate) > now));

/**
 * The shifts of the volunteer dialog (issue 43): a list of large check boxes, one per shift, so a
 * phone gets tap targets and not a table; several may be chosen. A full shift reads "Full — join
 * the waitlist" and choosing it joins that shift's waitlist.
 */
export function ShiftChoice({
  shifts,
  day,
  chosen,
  onChange,
  error,
}: {
  shifts: Shift[];
  /** The event's start when the dialog shows it: a shift that day shows its times only. */
  day: string | undefined;
  chosen: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const when = useShiftTime();
  const open = shifts.filter((s) => shiftOpen(s));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'shift-error' : undefined}>
      <legend className="mb-1 text-base font-semibold">Choose your shifts</legend>
      {open.length === 0 ? <p className="text-muted-foreground">Every shift of this event has started or is over.</p> : null}
      <ul className="space-y-2">
        {open.map((s) => {
          const full = shiftFull(s);
          const checked = chosen.includes(s.id);
          return (
            <li key={s.id}>
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  checked ? 'border-navy-700 bg-navy-50' : 'bg-card',
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-navy-700"
                  checked={checked}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))}
                />
                <span className="grid gap-0.5">
                  <span className="font-semibold">{s.role}</span>
                  <span className="text-base">{when(s, day)}</span>
                  <span className="text-base text-muted-foreground">
                    {volunteerMessages.filled(s.filled, s.capacity)}
                    {full ? <span className="font-semibold text-flag-red-800"> · Full — join the waitlist</span> : null}
                  </span>
                  {s.note ? <span className="text-base text-muted-foreground">{s.note}</span> : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id="shift-error" role="alert" className="text-base font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
