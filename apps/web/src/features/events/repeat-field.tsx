import { get, type Path, type UseFormReturn } from 'react-hook-form';
import { describeRule } from '@post/contracts/recurrence';
import { selectClass } from '../../components/form/select-class.ts';
import { suggestFromStart, toRecurrence, type RepeatFormValues, type RepeatKind } from './repeat-rule.ts';
import { DAY_LABELS, NTH_LABELS, type WithRepeat } from './repeat-labels.ts';
import { ErrorText, HolidayChoice, MonthlyWeekdayFields, RepeatEnds, useRepeatFollowsStart, WeeklyFields } from './repeat-parts.tsx';

/** The "Repeats" control (issue 20): its values and their RRULE are in repeat-rule.ts; `describeRule` gives the live English summary. */

const KIND_LABELS: Record<Exclude<RepeatKind, 'custom'>, string> = {
  never: 'Does not repeat',
  weekly: 'Weekly or every few weeks',
  'monthly-day': 'Monthly on a day of the month',
  'monthly-weekday': 'Monthly on a weekday (e.g. second Tuesday)',
  yearly: 'Yearly',
};

/** The "Repeats" fieldset of the event form. `form` holds a `repeat` object and a `startDate`. */
export function RepeatField<T extends WithRepeat>({ form: anyForm, occurrence = false }: { form: UseFormReturn<T>; occurrence?: boolean }) {
  // The control only touches its own fields; this view of the form types them.
  const form = anyForm as unknown as UseFormReturn<WithRepeat>;
  const { register, watch, formState } = form;
  const v = watch('repeat');
  const startDate = watch('startDate');
  const suggestion = suggestFromStart(startDate);
  const err = (name: keyof RepeatFormValues) => (get(formState.errors, `repeat.${name}`) as { message?: string } | undefined)?.message;
  const reg = (name: keyof RepeatFormValues) => register(`repeat.${name}` as Path<WithRepeat>);

  useRepeatFollowsStart(form);

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

      {v.kind === 'weekly' ? <WeeklyFields reg={reg} err={err} /> : null}

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

      {v.kind === 'monthly-weekday' ? <MonthlyWeekdayFields reg={reg} hint={hint} lastHint={lastHint} /> : null}

      {v.kind !== 'never' ? (
        <>
          {v.kind !== 'custom' ? <RepeatEnds ends={v.ends} reg={reg} err={err} /> : null}
          <HolidayChoice reg={reg} />
        </>
      ) : null}

      <p id="repeat-summary" aria-live="polite" className="text-base font-medium text-navy-800" data-testid="repeat-summary">
        {summary ? `Repeats: ${summary}` : v.kind === 'never' ? 'Does not repeat.' : ''}
      </p>
    </fieldset>
  );
}
