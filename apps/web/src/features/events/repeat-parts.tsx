import { useEffect } from 'react';
import type { Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { MAX_COUNT, MAX_INTERVAL } from '@post/contracts/limits';
import { WEEKDAYS } from '@post/contracts/recurrence';
import { selectClass } from '../../components/form/select-class.ts';
import { suggestFromStart, type RepeatFormValues } from './repeat-rule.ts';
import { DAY_LABELS, NTH_LABELS, type WithRepeat } from './repeat-labels.ts';

/** The parts of the "Repeats" fieldset (repeat-field.tsx), each given its registered fields. */
type Reg = (name: keyof RepeatFormValues) => UseFormRegisterReturn;
type Err = (name: keyof RepeatFormValues) => string | undefined;

export function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-base font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** Keeps the rule's weekday, day and "second Tuesday" on the start date as either changes. */
export function useRepeatFollowsStart(form: UseFormReturn<WithRepeat>) {
  const { setValue } = form;
  // Choosing a kind fills what it needs from the start date (the weekday, the day, "second
  // Tuesday"); a new start date moves them along, so the first date is the start date.
  useEffect(() => {
    let previous = suggestFromStart(form.getValues('startDate') ?? '');
    const sub = form.watch((values, { name, type }) => {
      const suggestion = suggestFromStart((values as WithRepeat).startDate ?? '');
      const before = previous;
      if (name === 'startDate') previous = suggestion;
      if (type === undefined || !suggestion) return;
      const r = (values as WithRepeat).repeat;
      const set = (k: keyof RepeatFormValues, value: string | string[]) => setValue(`repeat.${k}` as Path<WithRepeat>, value as never, { shouldDirty: true });
      const suggestNth = () => {
        set('weekday', suggestion.weekday);
        set('nth', String(suggestion.nth > 4 ? -1 : suggestion.nth));
      };
      if (name === 'repeat.kind') {
        if (r.kind === 'weekly' && !r.days?.length) set('days', [suggestion.weekday]);
        if (r.kind === 'monthly-day' && !r.monthDay) set('monthDay', String(suggestion.monthDay));
        if (r.kind === 'monthly-weekday' && !r.weekday) suggestNth();
      } else if (name === 'startDate') {
        if (r.kind === 'monthly-weekday') suggestNth();
        if (r.kind === 'monthly-day') set('monthDay', String(suggestion.monthDay));
        // Weekly on the old start's weekday alone: the new start's weekday instead.
        if (r.kind === 'weekly' && before && r.days?.length === 1 && r.days[0] === before.weekday) set('days', [suggestion.weekday]);
      }
    });
    return () => sub.unsubscribe();
  }, [form, setValue]);
}

/** Weekly: every how many weeks, on which days. */
export function WeeklyFields({ reg, err }: { reg: Reg; err: Err }) {
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <label htmlFor="repeat-interval" className="block text-base font-semibold">
          Every how many weeks
        </label>
        <input
          id="repeat-interval"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_INTERVAL}
          className={`${selectClass} max-w-32`}
          aria-invalid={err('interval') ? true : undefined}
          aria-describedby={err('interval') ? 'repeat-interval-error' : 'repeat-interval-hint'}
          {...reg('interval')}
        />
        <p id="repeat-interval-hint" className="text-base text-muted-foreground">
          1 is every week, 2 every other week.
        </p>
        <ErrorText id="repeat-interval-error" message={err('interval')} />
      </div>
      <fieldset>
        <legend className="mb-2 text-base font-semibold">On these days</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {WEEKDAYS.map((d) => (
            <label key={d} className="flex min-h-11 items-center gap-2 text-base">
              <input type="checkbox" value={d} className="size-5 accent-navy-700" {...reg('days')} />
              {DAY_LABELS[d]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** Monthly on a weekday: which one (first … last) and which weekday, with the start date's own. */
export function MonthlyWeekdayFields({ reg, hint, lastHint }: { reg: Reg; hint: string | null; lastHint: string | null }) {
  return (
    <div className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <label htmlFor="repeat-nth" className="block text-base font-semibold">
            Which one
          </label>
          <select id="repeat-nth" className={selectClass} {...reg('nth')}>
            {NTH_LABELS.map(([n, label]) => (
              <option key={n} value={n}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <label htmlFor="repeat-weekday" className="block text-base font-semibold">
            Weekday
          </label>
          <select id="repeat-weekday" className={selectClass} {...reg('weekday')}>
            {WEEKDAYS.map((d) => (
              <option key={d} value={d}>
                {DAY_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hint ? (
        <p className="text-base text-muted-foreground">
          The start date is the {hint}
          {lastHint ? ` (and the ${lastHint})` : ''} of its month.
        </p>
      ) : null}
    </div>
  );
}

/** When the series ends: never, on a date, or after a number of times. */
export function RepeatEnds({ ends, reg, err }: { ends: RepeatFormValues['ends']; reg: Reg; err: Err }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-base font-semibold">Ends</legend>
      <label className="flex min-h-11 items-center gap-2 text-base">
        <input type="radio" value="never" className="size-5 accent-navy-700" {...reg('ends')} />
        No end date
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 items-center gap-2 text-base">
          <input type="radio" value="until" className="size-5 accent-navy-700" {...reg('ends')} />
          On a date
        </label>
        {ends === 'until' ? (
          <input
            type="date"
            aria-label="Last date"
            className={`${selectClass} max-w-48`}
            aria-invalid={err('until') ? true : undefined}
            aria-describedby={err('until') ? 'repeat-until-error' : undefined}
            {...reg('until')}
          />
        ) : null}
      </div>
      <ErrorText id="repeat-until-error" message={err('until')} />
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 items-center gap-2 text-base">
          <input type="radio" value="count" className="size-5 accent-navy-700" {...reg('ends')} />
          After a number of times
        </label>
        {ends === 'count' ? (
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_COUNT}
            aria-label="Number of times"
            className={`${selectClass} max-w-32`}
            aria-invalid={err('count') ? true : undefined}
            aria-describedby={err('count') ? 'repeat-count-error' : undefined}
            {...reg('count')}
          />
        ) : null}
      </div>
      <ErrorText id="repeat-count-error" message={err('count')} />
    </fieldset>
  );
}

/** What a date on a US holiday does. */
export function HolidayChoice({ reg }: { reg: Reg }) {
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-base font-semibold">When it falls on a US holiday</legend>
      <label className="flex min-h-11 items-center gap-2 text-base">
        <input type="radio" value="keep" className="size-5 accent-navy-700" {...reg('onHoliday')} />
        Keep it
      </label>
      <label className="flex min-h-11 items-center gap-2 text-base">
        <input type="radio" value="skip" className="size-5 accent-navy-700" {...reg('onHoliday')} />
        Skip it
      </label>
      <label className="flex min-h-11 items-center gap-2 text-base">
        <input type="radio" value="next-day" className="size-5 accent-navy-700" {...reg('onHoliday')} />
        Move it to the next day that is not a holiday
      </label>
    </fieldset>
  );
}
