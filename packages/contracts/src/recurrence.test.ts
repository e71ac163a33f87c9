import { describe, expect, it } from 'vitest';
import { repeatRuleMessages } from './messages/repeat-rules.ts';
import { buildRule, describeRule, parseRule, RecurrenceInput } from './recurrence.ts';

describe('describeRule: the popup\'s "Repeats:" line', () => {
  it.each([
    ['FREQ=MONTHLY;BYDAY=2TU', '2027-01-12', 'second Tuesday of every month'],
    ['FREQ=MONTHLY;BYDAY=-1FR', undefined, 'last Friday of every month'],
    ['FREQ=WEEKLY;BYDAY=FR', undefined, 'every Friday'],
    ['FREQ=WEEKLY', '2027-06-05', 'every Saturday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SA', undefined, 'every 2 weeks on Saturday'],
    ['FREQ=WEEKLY;BYDAY=TH,TU', undefined, 'every week on Tuesday and Thursday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', undefined, 'every weekday'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', undefined, 'the 15th of every month'],
    ['FREQ=MONTHLY', '2027-01-03', 'the 3rd of every month'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', undefined, 'the last day of every month'],
    ['FREQ=YEARLY', '2027-11-11', 'every year on November 11'],
    ['FREQ=DAILY', undefined, 'every day'],
    ['FREQ=MONTHLY;BYDAY=1MO;UNTIL=20271231', undefined, 'first Monday of every month until December 31, 2027'],
    ['FREQ=WEEKLY;BYDAY=SA;COUNT=10', undefined, 'every Saturday, 10 times'],
    ['rrule:freq=monthly;byday=2tu', undefined, 'second Tuesday of every month'],
  ])('%s reads "%s"', (rule, start, text) => {
    expect(describeRule(rule, start)).toBe(text);
  });
});

describe('parseRule: what the site accepts', () => {
  it('normalises case, spaces and the RRULE: prefix', () => {
    const r = parseRule(' RRULE:freq=monthly; byday=2tu ');
    expect(r.ok && r.rule.text).toBe('FREQ=MONTHLY;BYDAY=2TU');
  });
  it.each([
    ['FREQ=MINUTELY', repeatRuleMessages.freqTooOften],
    ['FREQ=SECONDLY', repeatRuleMessages.freqTooOften],
    ['FREQ=DAILY;BYMINUTE=5', repeatRuleMessages.freqTooOften],
    ['FREQ=WEEKLY;COUNT=0', repeatRuleMessages.countRange],
    ['FREQ=WEEKLY;COUNT=501', repeatRuleMessages.countRange],
    ['FREQ=WEEKLY;INTERVAL=100', repeatRuleMessages.intervalRange],
    ['FREQ=WEEKLY;UNTIL=2027-12-31', repeatRuleMessages.untilInvalid],
    ['FREQ=WEEKLY;UNTIL=20271340', repeatRuleMessages.untilInvalid],
    ['FREQ=WEEKLY;FREQ=DAILY', repeatRuleMessages.ruleRepeatedPart('FREQ')],
    ['FREQ=WEEKLY;X-NAME=1', repeatRuleMessages.ruleUnreadable('X-NAME=1')],
    ['FREQ=WEEKLY;RDATE=20270101', repeatRuleMessages.ruleUnknownPart('RDATE')],
    ['FREQ=MONTHLY;BYDAY=6TU', repeatRuleMessages.byDayInvalid],
    ['FREQ=YEARLY;BYMONTH=13', repeatRuleMessages.byMonthInvalid],
    ['FREQ=MONTHLY;BYDAY=TU;BYSETPOS=9', repeatRuleMessages.bySetPosInvalid],
    ['FREQ=WEEKLY;WKST=XX', repeatRuleMessages.wkstInvalid],
  ])('refuses %s', (rule, message) => {
    expect(parseRule(rule)).toEqual({ ok: false, error: message });
  });
  it('gives the message through the zod schema, and onHoliday defaults to keep', () => {
    const bad = RecurrenceInput.safeParse({ rule: 'FREQ=HOURLY' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(repeatRuleMessages.freqTooOften);
    expect(RecurrenceInput.parse({ rule: 'freq=weekly' })).toEqual({ rule: 'FREQ=WEEKLY', onHoliday: 'keep' });
    expect(RecurrenceInput.safeParse({ rule: 'FREQ=WEEKLY', onHoliday: 'maybe' }).success).toBe(false);
  });
});

describe("buildRule: the form's choices as RRULE text", () => {
  it('writes each choice and its end', () => {
    expect(buildRule({ kind: 'never' })).toBeNull();
    expect(buildRule({ kind: 'weekly', interval: 1, days: ['TU', 'TH'] })).toBe('FREQ=WEEKLY;BYDAY=TU,TH');
    expect(buildRule({ kind: 'weekly', interval: 2, days: ['SA'] }, { count: 6 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;COUNT=6');
    expect(buildRule({ kind: 'monthly-day', day: 15 }, { until: '2027-12-31' })).toBe('FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20271231');
    expect(buildRule({ kind: 'monthly-weekday', n: -1, day: 'FR' })).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(buildRule({ kind: 'yearly' })).toBe('FREQ=YEARLY');
    for (const rule of ['FREQ=WEEKLY;BYDAY=TU,TH', 'FREQ=MONTHLY;BYDAY=-1FR']) expect(parseRule(rule).ok).toBe(true);
  });
});
