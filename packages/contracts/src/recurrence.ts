import { z } from './zod.ts';
import { MAX_YEAR, MIN_YEAR } from './common.ts';
import { MAX_COUNT, MAX_INTERVAL } from './limits.ts';
import { repeatRuleMessages } from './messages/repeat-rules.ts';
import { OnHoliday } from './enum-schemas.ts';

/**
 * Recurring events (issue 20): the RFC 5545 RRULE subset the site accepts (its messages are
 * `repeatRuleMessages`), and the English the popup shows ("second Tuesday of every month"). Evaluating a
 * rule is the API's job (ical.js); this file only reads the rule's text, so the web and the
 * API agree on what is valid and how it reads.
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type Freq = (typeof FREQS)[number];
const SUB_DAILY = ['HOURLY', 'MINUTELY', 'SECONDLY'];
const KEYS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'] as const;

/** A rule read into its parts. */
export interface ParsedRule {
  freq: Freq;
  interval: number;
  count: number | null;
  /** UNTIL as written: YYYYMMDD or YYYYMMDDTHHMMSS with an optional Z. */
  until: string | null;
  /** Weekdays with an optional ordinal (2 = second, -1 = last). */
  byDay: { n: number | null; day: Weekday }[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  /** The rule normalised: upper case, no RRULE: prefix, no spaces. */
  text: string;
}

const INT = /^[+-]?\d{1,3}$/;
const intList = (v: string) => (v.split(',').every((x) => INT.test(x)) ? v.split(',').map(Number) : null);

/** Reads an RRULE; an error message (one of R) when the site would not accept it. */
export function parseRule(input: string): { ok: true; rule: ParsedRule } | { ok: false; error: string } {
  const text = input
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (!text) return { ok: false, error: repeatRuleMessages.ruleRequired };
  if (text.length > 300) return { ok: false, error: repeatRuleMessages.ruleTooLong };
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    if (!part) continue;
    const m = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!m) return { ok: false, error: repeatRuleMessages.ruleUnreadable(part.slice(0, 40)) };
    const [, key, value] = m as unknown as [string, string, string];
    if (!(KEYS as readonly string[]).includes(key))
      return {
        ok: false,
        error: key === 'BYHOUR' || key === 'BYMINUTE' || key === 'BYSECOND' ? repeatRuleMessages.freqTooOften : repeatRuleMessages.ruleUnknownPart(key),
      };
    if (parts.has(key)) return { ok: false, error: repeatRuleMessages.ruleRepeatedPart(key) };
    parts.set(key, value);
  }
  const freq = parts.get('FREQ');
  if (!freq) return { ok: false, error: repeatRuleMessages.freqRequired };
  if (SUB_DAILY.includes(freq)) return { ok: false, error: repeatRuleMessages.freqTooOften };
  if (!(FREQS as readonly string[]).includes(freq)) return { ok: false, error: repeatRuleMessages.freqRequired };

  let interval = 1;
  if (parts.has('INTERVAL')) {
    interval = Number(parts.get('INTERVAL'));
    if (!/^\d{1,2}$/.test(parts.get('INTERVAL')!) || interval < 1 || interval > MAX_INTERVAL) return { ok: false, error: repeatRuleMessages.intervalRange };
  }
  let count: number | null = null;
  if (parts.has('COUNT')) {
    count = Number(parts.get('COUNT'));
    if (!/^\d{1,3}$/.test(parts.get('COUNT')!) || count < 1 || count > MAX_COUNT) return { ok: false, error: repeatRuleMessages.countRange };
  }
  const until = parts.get('UNTIL') ?? null;
  if (until !== null) {
    const m = /^(\d{4})(\d{2})(\d{2})(T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(until);
    const ok =
      m &&
      Number(m[1]) >= MIN_YEAR &&
      Number(m[1]) <= MAX_YEAR &&
      Number(m[2]) >= 1 &&
      Number(m[2]) <= 12 &&
      Number(m[3]) >= 1 &&
      Number(m[3]) <= 31 &&
      (!m[4] || (Number(m[5]) < 24 && Number(m[6]) < 60 && Number(m[7]) < 60));
    if (!ok) return { ok: false, error: repeatRuleMessages.untilInvalid };
  }
  if (count !== null && until !== null) return { ok: false, error: repeatRuleMessages.countAndUntil };

  const byDay: ParsedRule['byDay'] = [];
  if (parts.has('BYDAY')) {
    for (const d of parts.get('BYDAY')!.split(',')) {
      const m = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d);
      if (!m) return { ok: false, error: repeatRuleMessages.byDayInvalid };
      const n = m[1] ? Number(m[1]) : null;
      if (n !== null && freq !== 'MONTHLY' && freq !== 'YEARLY') return { ok: false, error: repeatRuleMessages.byDayNumberedNeedsMonthly };
      byDay.push({ n, day: m[2] as Weekday });
    }
  }
  const byMonthDay = parts.has('BYMONTHDAY') ? intList(parts.get('BYMONTHDAY')!) : [];
  if (!byMonthDay || byMonthDay.some((d) => d === 0 || d < -31 || d > 31)) return { ok: false, error: repeatRuleMessages.byMonthDayInvalid };
  const byMonth = parts.has('BYMONTH') ? intList(parts.get('BYMONTH')!) : [];
  if (!byMonth || byMonth.some((d) => d < 1 || d > 12)) return { ok: false, error: repeatRuleMessages.byMonthInvalid };
  const bySetPos = parts.has('BYSETPOS') ? intList(parts.get('BYSETPOS')!) : [];
  if (!bySetPos || bySetPos.some((d) => d === 0 || d < -5 || d > 5)) return { ok: false, error: repeatRuleMessages.bySetPosInvalid };
  if (parts.has('WKST') && !(WEEKDAYS as readonly string[]).includes(parts.get('WKST')!)) return { ok: false, error: repeatRuleMessages.wkstInvalid };

  const normal = [...parts.entries()].map(([k, v]) => `${k}=${v}`).join(';');
  return { ok: true, rule: { freq: freq as Freq, interval, count, until, byDay, byMonthDay, byMonth, bySetPos, text: normal } };
}

/** An RRULE the site accepts, normalised (upper case, without "RRULE:"). */
export const RuleText = z
  .string({ error: repeatRuleMessages.ruleRequired })
  .max(1000, repeatRuleMessages.ruleTooLong)
  .transform((v, ctx) => {
    const r = parseRule(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }
    return r.rule.text;
  });

/** `recurrence` of POST/PUT /api/events: the rule and what to do on a US holiday. */
export const RecurrenceInput = z.object({
  rule: RuleText,
  onHoliday: OnHoliday.default('keep'),
});
export type RecurrenceInput = z.infer<typeof RecurrenceInput>;

/** The recurrence as events carry it. */
export const RecurrenceSchema = z.object({ rule: z.string(), onHoliday: OnHoliday });
export type Recurrence = z.infer<typeof RecurrenceSchema>;

const DAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function ordinal(n: number): string {
  if (n === -1) return 'last';
  if (n < 0) return `${ORDINALS[-n]} to last`;
  return ORDINALS[n] ?? `${n}th`;
}

function dayOfMonth(n: number): string {
  if (n === -1) return 'the last day';
  if (n < 0) return `the ${nth(-n)} to last day`;
  return `the ${nth(n)}`;
}

function nth(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function untilText(until: string): string {
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(4, 6));
  const d = Number(until.slice(6, 8));
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/**
 * A rule in plain English for the popup's "Repeats:" line, e.g. "second Tuesday of every
 * month", "every 2 weeks on Saturday", "every Friday until June 30, 2027". `start` (the first
 * occurrence's date, YYYY-MM-DD in the post's zone) fills in what the rule leaves to it: the
 * weekday of a weekly rule, the day of a monthly or yearly one.
 */
export function describeRule(rule: string, start?: string): string {
  const parsed = parseRule(rule);
  if (!parsed.ok) return 'on a repeating schedule';
  const r = parsed.rule;
  const startDate = start && /^\d{4}-\d{2}-\d{2}$/.test(start) ? new Date(`${start}T12:00:00Z`) : null;
  const startDay = startDate ? WEEKDAYS[(startDate.getUTCDay() + 6) % 7]! : null;
  const every = (unit: string) => (r.interval === 1 ? `every ${unit}` : `every ${r.interval} ${unit}s`);
  let text: string;
  switch (r.freq) {
    case 'DAILY':
      text = r.interval === 1 ? 'every day' : `every ${r.interval} days`;
      break;
    case 'WEEKLY': {
      const days = r.byDay.length ? r.byDay.map((d) => d.day) : startDay ? [startDay] : [];
      const names = [...new Set(days)].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((d) => DAY_NAMES[d]);
      if (r.interval === 1 && names.length === 1) text = `every ${names[0]}`;
      else if (r.interval === 1 && names.length === 5 && !days.includes('SA') && !days.includes('SU')) text = 'every weekday';
      else text = names.length ? `${every('week')} on ${list(names)}` : every('week');
      break;
    }
    case 'MONTHLY':
    case 'YEARLY': {
      const period = r.freq === 'MONTHLY' ? every('month') : every('year');
      const inMonths = r.freq === 'YEARLY' && r.byMonth.length ? list(r.byMonth.map((m) => MONTHS[m - 1]!)) : null;
      const setPos = r.bySetPos.length === 1 ? r.bySetPos[0]! : null;
      const numbered = r.byDay.filter((d) => d.n !== null);
      if (numbered.length || (setPos !== null && r.byDay.length)) {
        const what = numbered.length
          ? list(numbered.map((d) => `${ordinal(d.n!)} ${DAY_NAMES[d.day]}`))
          : r.byDay.length === 5 && !r.byDay.some((d) => d.day === 'SA' || d.day === 'SU')
            ? `${ordinal(setPos!)} weekday`
            : `${ordinal(setPos!)} ${list(r.byDay.map((d) => DAY_NAMES[d.day]))}`;
        text = inMonths ? `${what} of ${inMonths}, ${period}` : `${what} of ${period}`;
      } else if (r.byMonthDay.length) {
        const days = list(r.byMonthDay.map(dayOfMonth));
        text = inMonths ? `${inMonths} ${r.byMonthDay.map((d) => (d > 0 ? String(d) : dayOfMonth(d))).join(', ')}, ${period}` : `${days} of ${period}`;
      } else if (r.byDay.length) {
        text = `every ${list(r.byDay.map((d) => DAY_NAMES[d.day]))} of ${period.replace(/^every /, 'every ')}`;
      } else if (startDate && r.freq === 'MONTHLY') {
        text = `${dayOfMonth(startDate.getUTCDate())} of ${period}`;
      } else if (startDate) {
        text = `${period} on ${MONTHS[startDate.getUTCMonth()]} ${startDate.getUTCDate()}`;
      } else {
        text = period;
      }
      break;
    }
  }
  if (r.until) text += ` until ${untilText(r.until)}`;
  else if (r.count) text += r.count === 1 ? ', once' : `, ${r.count} times`;
  return text;
}

/** What the event form's "Repeats" control can say; `buildRule` turns it into an RRULE. */
export type RepeatChoice =
  | { kind: 'never' }
  | { kind: 'weekly'; interval: number; days: Weekday[] }
  | { kind: 'monthly-day'; day: number }
  | { kind: 'monthly-weekday'; n: number; day: Weekday }
  | { kind: 'yearly' };

/** The RRULE of a form choice and its end ("on a date" as YYYY-MM-DD, or "after N times"); null for never. */
export function buildRule(choice: RepeatChoice, end: { until?: string | null; count?: number | null } = {}): string | null {
  let parts: string[];
  switch (choice.kind) {
    case 'never':
      return null;
    case 'weekly':
      parts = [
        'FREQ=WEEKLY',
        ...(choice.interval > 1 ? [`INTERVAL=${choice.interval}`] : []),
        ...(choice.days.length ? [`BYDAY=${choice.days.join(',')}`] : []),
      ];
      break;
    case 'monthly-day':
      parts = ['FREQ=MONTHLY', `BYMONTHDAY=${choice.day}`];
      break;
    case 'monthly-weekday':
      parts = ['FREQ=MONTHLY', `BYDAY=${choice.n}${choice.day}`];
      break;
    case 'yearly':
      parts = ['FREQ=YEARLY'];
      break;
  }
  if (end.until) parts.push(`UNTIL=${end.until.replace(/-/g, '')}`);
  else if (end.count) parts.push(`COUNT=${end.count}`);
  return parts.join(';');
}
