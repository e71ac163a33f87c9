import { useEffect } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  buildRule,
  describeRule,
  MAX_COUNT,
  MAX_INTERVAL,
  parseRule,
  WEEKDAYS,
  type OnHoliday,
  type Recurrence,
  type RepeatChoice,
  type Weekday,
} from '@post/contracts/recurrence';
import { selectClass } from '../../components/form/select-field.tsx';

/**
 * The event form's "Repeats" control (issue 20). Its state lives in the form (and so in the
 * form's draft) as plain strings; `toRecurrence` turns it into the RRULE text the API takes with
 * the contracts' `buildRule`, and `describeRule` gives the live English summary.
 */

export const REPEAT_KINDS = ['never', 'weekly', 'monthly-day', 'monthly-weekday', 'yearly', 'custom'] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];
const ENDS = ['never', 'until', 'count'] as const;

export const RepeatFormSchema = z.object({
  kind: z.enum(REPEAT_KINDS),
  interval: z.string(),
  days: z.array(z.string()),
  monthDay: z.string(),
  nth: z.string(),
  weekday: z.string(),
  ends: z.enum(ENDS),
  until: z.string(),
  count: z.string(),
  onHoliday: z.enum(['keep', 'skip', 'next-day']),
  /** A rule made elsewhere (the API) that the choices above cannot show; kept as it is. */
  custom: z.string(),
});
export type RepeatFormValues = z.infer<typeof RepeatFormSchema>;

export const NO_REPEAT: RepeatFormValues = {
  kind: 'never',
  interval: '1',
  days: [],
  monthDay: '',
  nth: '',
  weekday: '',
  ends: 'never',
  until: '',
  count: '',
  onHoliday: 'keep',
  custom: '',
};

const DAY_LABELS: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const NTH_LABELS: [string, string][] = [
  ['1', 'first'],
  ['2', 'second'],
  ['3', 'third'],
  ['4', 'fourth'],
  ['5', 'fifth'],
  ['-1', 'last'],
];

/** What a start date suggests: its weekday, day of the month and place in the month ("second Tuesday", or "last" in the final week). */
export function suggestFromStart(startDate: string): { weekday: Weekday; monthDay: number; nth: number; last: boolean } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return null;
  const d = new Date(`${startDate}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  const day = d.getUTCDate();
  const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return { weekday: WEEKDAYS[(d.getUTCDay() + 6) % 7]!, monthDay: day, nth: Math.ceil(day / 7), last: day + 7 > daysInMonth };
}

/** The form's choice as the contracts' RepeatChoice (null for never or an incomplete choice). */
function choiceOf(v: RepeatFormValues, startDate: string): RepeatChoice | null {
  const s = suggestFromStart(startDate);
  switch (v.kind) {
    case 'weekly': {
      const days = WEEKDAYS.filter((d) => v.days.includes(d));
      return { kind: 'weekly', interval: Number(v.interval) || 1, days: days.length ? days : s ? [s.weekday] : [] };
    }
    case 'monthly-day':
      return { kind: 'monthly-day', day: Number(v.monthDay) || s?.monthDay || 1 };
    case 'monthly-weekday': {
      const day = (WEEKDAYS as readonly string[]).includes(v.weekday) ? (v.weekday as Weekday) : s?.weekday;
      const n = Number(v.nth) || (s ? (s.last && s.nth > 4 ? -1 : s.nth) : 0);
      return day && n ? { kind: 'monthly-weekday', n, day } : null;
    }
    case 'yearly':
      return { kind: 'yearly' };
    default:
      return null;
  }
}

/** The recurrence the API takes, or null when the event does not repeat. */
export function toRecurrence(v: RepeatFormValues, startDate: string): Recurrence | null {
  if (v.kind === 'never') return null;
  const onHoliday = v.onHoliday as OnHoliday;
  if (v.kind === 'custom') return v.custom ? { rule: v.custom, onHoliday } : null;
  const choice = choiceOf(v, startDate);
  if (!choice) return null;
  const rule = buildRule(choice, { until: v.ends === 'until' ? v.until || null : null, count: v.ends === 'count' ? Number(v.count) || null : null });
  return rule ? { rule, onHoliday } : null;
}

/** The form's values for a recurrence an event carries (editing an occurrence, duplicating one). */
export function repeatFromRecurrence(recurrence: Recurrence | null | undefined, startDate = ''): RepeatFormValues {
  if (!recurrence) return NO_REPEAT;
  const parsed = parseRule(recurrence.rule);
  const base: RepeatFormValues = { ...NO_REPEAT, onHoliday: recurrence.onHoliday };
  if (!parsed.ok) return { ...base, kind: 'custom', custom: recurrence.rule };
  const r = parsed.rule;
  const ends = r.until
    ? { ends: 'until' as const, until: `${r.until.slice(0, 4)}-${r.until.slice(4, 6)}-${r.until.slice(6, 8)}` }
    : r.count
      ? { ends: 'count' as const, count: String(r.count) }
      : {};
  const simple = !r.byMonth.length && !r.bySetPos.length;
  if (r.freq === 'WEEKLY' && simple && !r.byMonthDay.length && r.byDay.every((d) => d.n === null))
    return {
      ...base,
      ...ends,
      kind: 'weekly',
      interval: String(r.interval),
      // A weekly rule without BYDAY repeats on the start's weekday: show it ticked.
      days: r.byDay.length ? r.byDay.map((d) => d.day) : [suggestFromStart(startDate)?.weekday].filter((d): d is Weekday => Boolean(d)),
    };
  if (r.freq === 'MONTHLY' && simple && r.interval === 1 && r.byMonthDay.length === 1 && !r.byDay.length)
    return { ...base, ...ends, kind: 'monthly-day', monthDay: String(r.byMonthDay[0]) };
  if (r.freq === 'MONTHLY' && simple && r.interval === 1 && r.byDay.length === 1 && r.byDay[0]!.n !== null && !r.byMonthDay.length)
    return { ...base, ...ends, kind: 'monthly-weekday', nth: String(r.byDay[0]!.n), weekday: r.byDay[0]!.day };
  if (r.freq === 'YEARLY' && simple && r.interval === 1 && !r.byDay.length && !r.byMonthDay.length) return { ...base, ...ends, kind: 'yearly' };
  return { ...base, kind: 'custom', custom: recurrence.rule };
}

/** The control's own checks, added to the form's (path is under `repeat`). */
export function checkRepeat(v: RepeatFormValues, startDate: string, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: ['repeat', path], message });
  if (v.kind === 'never' || v.kind === 'custom') return;
  if (v.kind === 'weekly') {
    const n = Number(v.interval);
    if (!/^\d+$/.test(v.interval) || n < 1 || n > MAX_INTERVAL) issue('interval', `Enter a number of weeks from 1 to ${MAX_INTERVAL}.`);
  }
  if (v.kind === 'monthly-day') {
    const n = Number(v.monthDay);
    if (!/^\d+$/.test(v.monthDay) || n < 1 || n > 31) issue('monthDay', 'Enter a day of the month from 1 to 31.');
  }
  if (v.ends === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.until)) issue('until', 'Enter the date of the last time.');
    else if (startDate && v.until < startDate) issue('until', 'The last date cannot be before the start date.');
  }
  if (v.ends === 'count') {
    const n = Number(v.count);
    if (!/^\d+$/.test(v.count) || n < 1 || n > MAX_COUNT) issue('count', `Enter a number of times from 1 to ${MAX_COUNT}.`);
  }
}

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
