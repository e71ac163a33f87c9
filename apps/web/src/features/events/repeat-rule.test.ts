import { describe, expect, it } from 'vitest';
import { describeRule } from '@post/contracts/recurrence';
import { NO_REPEAT, repeatFromRecurrence, RepeatFormSchema, suggestFromStart, toRecurrence, checkRepeat, type RepeatFormValues } from './repeat-rule.ts';

const v = (over: Partial<RepeatFormValues>): RepeatFormValues => ({ ...NO_REPEAT, ...over });

function issues(values: RepeatFormValues, start: string): string[] {
  const r = RepeatFormSchema.superRefine((x, ctx) => checkRepeat(x, start, ctx)).safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the Repeats control (issue 20)', () => {
  it('suggests "second Tuesday" and "last Friday" from the start date', () => {
    expect(suggestFromStart('2026-12-08')).toEqual({ weekday: 'TU', monthDay: 8, nth: 2, last: false });
    expect(suggestFromStart('2026-12-25')).toMatchObject({ weekday: 'FR', nth: 4, last: true });
    expect(suggestFromStart('')).toBeNull();
  });

  it('builds the RRULE the API takes, and its English', () => {
    const monthly = toRecurrence(v({ kind: 'monthly-weekday', nth: '2', weekday: 'TU', onHoliday: 'next-day' }), '2026-12-08');
    expect(monthly).toEqual({ rule: 'FREQ=MONTHLY;BYDAY=2TU', onHoliday: 'next-day' });
    expect(describeRule(monthly!.rule, '2026-12-08')).toBe('second Tuesday of every month');
    expect(toRecurrence(v({ kind: 'monthly-weekday', nth: '-1', weekday: 'FR' }), '2026-12-25')?.rule).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(toRecurrence(v({ kind: 'weekly', interval: '2', days: ['SA', 'MO'] }), '2026-12-05')?.rule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SA');
    // No day ticked: the start date's weekday.
    expect(toRecurrence(v({ kind: 'weekly', days: [] }), '2026-12-04')?.rule).toBe('FREQ=WEEKLY;BYDAY=FR');
    expect(toRecurrence(v({ kind: 'monthly-day', monthDay: '15', ends: 'count', count: '6' }), '2026-12-15')?.rule).toBe('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=6');
    expect(toRecurrence(v({ kind: 'yearly', ends: 'until', until: '2030-07-04' }), '2026-07-04')?.rule).toBe('FREQ=YEARLY;UNTIL=20300704');
    expect(toRecurrence(v({ kind: 'never' }), '2026-12-08')).toBeNull();
  });

  it('reads a series back into the control, and keeps rules it cannot show', () => {
    expect(repeatFromRecurrence({ rule: 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271231', onHoliday: 'skip' })).toMatchObject({
      kind: 'monthly-weekday',
      nth: '2',
      weekday: 'TU',
      ends: 'until',
      until: '2027-12-31',
      onHoliday: 'skip',
    });
    expect(repeatFromRecurrence({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;COUNT=10', onHoliday: 'keep' })).toMatchObject({
      kind: 'weekly',
      interval: '2',
      days: ['SA'],
      ends: 'count',
      count: '10',
    });
    expect(repeatFromRecurrence({ rule: 'FREQ=WEEKLY;INTERVAL=2', onHoliday: 'keep' }, '2026-11-28')).toMatchObject({ kind: 'weekly', days: ['SA'] });
    const daily = repeatFromRecurrence({ rule: 'FREQ=DAILY', onHoliday: 'keep' });
    expect(daily).toMatchObject({ kind: 'custom', custom: 'FREQ=DAILY' });
    expect(toRecurrence(daily, '2026-12-01')).toEqual({ rule: 'FREQ=DAILY', onHoliday: 'keep' });
    expect(repeatFromRecurrence(null)).toEqual(NO_REPEAT);
  });

  it('says what is wrong in plain words', () => {
    expect(issues(v({ kind: 'weekly', interval: '0' }), '2026-12-01')).toEqual(['repeat.interval: Enter a number of weeks from 1 to 99.']);
    expect(issues(v({ kind: 'monthly-day', monthDay: '32' }), '2026-12-01')).toEqual(['repeat.monthDay: Enter a day of the month from 1 to 31.']);
    expect(issues(v({ kind: 'yearly', ends: 'until', until: '2026-11-01' }), '2026-12-01')).toEqual([
      'repeat.until: The last date cannot be before the start date.',
    ]);
    expect(issues(v({ kind: 'yearly', ends: 'count', count: '501' }), '2026-12-01')).toEqual(['repeat.count: Enter a number of times from 1 to 500.']);
    expect(issues(v({ kind: 'never', interval: 'x' }), '2026-12-01')).toEqual([]);
  });
});
