import { z } from 'zod';
import { MAX_COUNT, MAX_INTERVAL } from '@post/contracts/limits';
import { OnHoliday } from '@post/contracts/enum-schemas';
import { buildRule, parseRule, WEEKDAYS, type Recurrence, type RepeatChoice, type Weekday } from '@post/contracts/recurrence';

/**
 * The values of the event form's "Repeats" control (issue 20) and their mapping to and from RRULE
 * text. Its state lives in the form (and so in the form's draft) as plain strings; `toRecurrence`
 * turns it into the RRULE text the API takes with the contracts' `buildRule`.
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
  onHoliday: OnHoliday,
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
  const onHoliday = v.onHoliday;
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
