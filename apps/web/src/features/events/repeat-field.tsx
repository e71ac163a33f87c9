import { useEffect } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { MAX_COUNT, MAX_INTERVAL } from '@post/contracts/limits';
import { describeRule, WEEKDAYS, type Weekday } from '@post/contracts/recurrence';
import { selectClass } from '../../components/form/select-field.tsx';
import { suggestFromStart, toRecurrence, type RepeatFormValues, type RepeatKind } from './repeat-rule.ts';

/** The "Repeats" control (issue 20): its values and their RRULE are in repeat-rule.ts; `describeRule` gives the live English summary. */

const DAY_LABELS: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const NTH_LABELS: [string, string][] = [
  ['1', 'first'],
  ['2', 'second'],
  ['3', 'third'],
  ['4', 'fourth'],
  ['5', 'fifth'],
  ['-1', 'last'],
];

const KIND_LABELS: Record<Exclude<RepeatKind, 'custom'>, string> = {
  never: 'Does not repeat',
  weekly: 'Weekly or every few weeks',
  'monthly-day': 'Monthly on a day of the month',
  'monthly-weekday': 'Monthly on a weekday (e.g. second Tuesday)',
  yearly: 'Yearly',
};

type WithRepeat = FieldValues & { repeat: RepeatFormValues; startDate: string };

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-base font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** The "Repeats" fieldset of the event form. `form` holds a `repeat` object and a `startDate`. */
export function RepeatField<T extends WithRepeat>({ form: anyForm, occurrence = false }: { form: UseFormReturn<T>; occurrence?: boolean }) {
  // The control only touches its own fields; this view of the form types them.
  const form = anyForm as unknown as UseFormReturn<WithRepeat>;
  const { register, watch, setValue, formState } = form;
  const v = watch('repeat');
  const startDate = watch('startDate');
  const suggestion = suggestFromStart(startDate);
  const err = (name: keyof RepeatFormValues) => (get(formState.errors, `repeat.${name}`) as { message?: string } | undefined)?.message;
  const reg = (name: keyof RepeatFormValues) => register(`repeat.${name}` as Path<WithRepeat>);

  // Choosing a kind fills what it needs from the start date (the weekday, the day, "second
  // Tuesday"); a new start date moves them along, so the first date is the start date.
  useEffect(() => {
    let previous = suggestFromStart(anyForm.getValues('startDate' as Path<T>) ?? '');
    const sub = anyForm.watch((values, { name, type }) => {
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
  }, [anyForm, setValue]);

  const recurrence = toRecurrence(v, startDate);
  const summary = recurrence ? describeRule(recurrence.rule, startDate) : null;
  const hint = suggestion ? `${NTH_LABELS.find(([n]) => Number(n) === suggestion.nth)?.[1] ?? ''} ${DAY_LABELS[suggestion.weekday]}` : null;
  const lastHint = suggestion?.last ? `last ${DAY_LABELS[suggestion.weekday]}` : null;

  return (
    <fieldset className="space-y-4 rounded-lg border p-4" aria-describedby="repeat-summary">
      <legend className="px-1 text-lg font-semibold">Repeats</legend>
      {occurrence ? (
        <p className="text-base text-muted-foreground">
          This is one date of a recurring event. A change here applies when you save &quot;This and following events&quot;.
        </p>
      ) : null}
      <div className="space-y-2">
        <label htmlFor="repeat-kind" className="block text-base font-semibold">
          How often
        </label>
        <select id="repeat-kind" className={selectClass} {...reg('kind')}>
          {(Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
          {v.kind === 'custom' ? <option value="custom">Custom rule ({v.custom})</option> : null}
        </select>
      </div>

      {v.kind === 'weekly' ? (
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
      ) : null}

      {v.kind === 'monthly-day' ? (
        <div className="space-y-2">
          <label htmlFor="repeat-month-day" className="block text-base font-semibold">
            Day of the month
          </label>
          <input
            id="repeat-month-day"
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            className={`${selectClass} max-w-32`}
            aria-invalid={err('monthDay') ? true : undefined}
            aria-describedby={err('monthDay') ? 'repeat-month-day-error' : undefined}
            {...reg('monthDay')}
          />
          <ErrorText id="repeat-month-day-error" message={err('monthDay')} />
          {Number(v.monthDay) > 28 && !err('monthDay') ? <p className="text-base text-muted-foreground">Months without this day are skipped.</p> : null}
        </div>
      ) : null}

      {v.kind === 'monthly-weekday' ? (
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
      ) : null}

      {v.kind !== 'never' ? (
        <>
          {v.kind !== 'custom' ? (
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
                {v.ends === 'until' ? (
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
                {v.ends === 'count' ? (
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
          ) : null}
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
        </>
      ) : null}

      <p id="repeat-summary" aria-live="polite" className="text-base font-medium text-navy-800" data-testid="repeat-summary">
        {summary ? `Repeats: ${summary}` : v.kind === 'never' ? 'Does not repeat.' : ''}
      </p>
    </fieldset>
  );
}
