import { MAX_COUNT, MAX_INTERVAL } from '../limits.ts';

/** What a repeat rule of a recurring event (issue 20) is told when it cannot be read, in the spec's plain style. */
export const repeatRuleMessages = {
  ruleRequired: 'Repeat rule is required',
  ruleTooLong: 'Repeat rule is too long.',
  ruleUnreadable: (part: string) =>
    `Repeat rule could not be read near "${part}": write it as KEY=VALUE pairs separated by semicolons, e.g. FREQ=MONTHLY;BYDAY=2TU.`,
  ruleUnknownPart: (key: string) => `Repeat rule part ${key} is not supported: use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS or WKST.`,
  ruleRepeatedPart: (key: string) => `Repeat rule gives ${key} more than once.`,
  freqRequired: 'Repeat rule needs FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).',
  freqTooOften: 'Events can repeat at most once a day: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.',
  intervalRange: `INTERVAL must be a whole number from 1 to ${MAX_INTERVAL}.`,
  countRange: `COUNT must be a whole number from 1 to ${MAX_COUNT}.`,
  countAndUntil: 'A repeat rule may end on a date (UNTIL) or after a number of times (COUNT), not both.',
  tooManyOccurrences: (n: number) =>
    `This repeat rule makes ${n} events at once; one save makes at most ${MAX_COUNT}. Shorten it: end it sooner (an end date or a number of times), repeat less often, or start it later.`,
  untilInvalid: 'UNTIL must be a date from 1900 to 2200 like 20271231 or 20271231T235959Z.',
  byDayInvalid: 'BYDAY must list weekdays like TU or TU,TH, or a numbered weekday like 2TU or -1FR.',
  byDayNumberedNeedsMonthly: 'A numbered weekday (like 2TU) only works with FREQ=MONTHLY or FREQ=YEARLY.',
  byMonthDayInvalid: 'BYMONTHDAY must list days of the month from 1 to 31 (or -1 to -31 from the end).',
  byMonthInvalid: 'BYMONTH must list months from 1 to 12.',
  bySetPosInvalid: 'BYSETPOS must be a number from 1 to 5 or -1 to -5.',
  wkstInvalid: 'WKST must be a weekday like MO or SU.',
  noOccurrences: 'This repeat rule gives no dates after the start. Check the rule and its end date.',
} as const;
