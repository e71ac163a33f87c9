import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';

/** A time as written on the paper sheet, read: an instant, or why it cannot be read. Blank is null. */
export type PaperTime = { at: string; error?: undefined } | { at?: undefined; error: string } | null;

const TIME = /^(\d{1,2})(?:[:.h]?(\d{2}))?(a|am|p|pm)?$/;

/**
 * Reads a time written on the sheet (issue 59, decision 0093): "9", "905", "9:05", "9.05", "13:30",
 * "1:30 pm", "130p". Without "am" or "pm" the reading nearest the shift is taken (a shift from 9 to
 * 12 reads "1" as 1 PM), on the shift's day in the post's time zone (or the day before or after, for
 * a shift near midnight).
 */
export function readPaperTime(text: string, shift: { startDate: string; endDate: string }, timeZone: string): PaperTime {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\.m\.?$/, 'm');
  if (t === '') return null;
  const m = TIME.exec(t.replace(/(\d)\.?([ap])\.?$/, '$1$2'));
  const bad = { error: `“${text.trim()}” is not a time: write it as 9:05, 905 or 1:30 pm.` };
  if (!m) return bad;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (hour > 23 || minute > 59) return bad;
  let hours: number[];
  if (m[3]) {
    if (hour < 1 || hour > 12) return bad;
    hours = [(hour % 12) + (m[3].startsWith('p') ? 12 : 0)];
  } else hours = hour === 0 || hour > 12 ? [hour] : [hour % 12, (hour % 12) + 12];
  const start = Date.parse(shift.startDate);
  const end = Date.parse(shift.endDate);
  const DAY = 86_400_000;
  const days = [...new Set([start - DAY, start, end, end + DAY].map((ms) => utcToZoned(new Date(ms), timeZone).date))];
  const pad = (n: number) => String(n).padStart(2, '0');
  const distance = (ms: number) => (ms < start ? start - ms : ms > end ? ms - end : 0);
  let best: number | undefined;
  for (const day of days)
    for (const h of hours) {
      const ms = zonedToUtc(day, `${pad(h)}:${pad(minute)}`, timeZone).getTime();
      if (best === undefined || distance(ms) < distance(best) || (distance(ms) === distance(best) && ms < best)) best = ms;
    }
  return { at: new Date(best!).toISOString() };
}
