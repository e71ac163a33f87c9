import { useMemo } from 'react';
import { useSiteSettings } from './use-site-settings.ts';

// Dates and times are shown in the post's time zone whatever the visitor's (decisions §1).
const cache = new Map<string, Intl.DateTimeFormat>();
/** An en-US formatter in `timeZone`, made once per zone and options. */
export function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** `d` formatted in `timeZone`. */
export function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions, d: Date | string): string {
  const date = new Date(d);
  return fmt(timeZone, options).format(date);
}

/** Formatters bound to a time zone. */
export function formattersFor(timeZone: string) {
  const formatter =
    (options: Intl.DateTimeFormatOptions) =>
    (d: Date | string): string =>
      fmt(timeZone, options).format(new Date(d));
  return {
    timeZone,
    /** "Sunday, November 22, 2026" */
    longDate: formatter({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    /** "Nov 22, 2026" */
    date: formatter({ month: 'short', day: 'numeric', year: 'numeric' }),
    /** "9:00 AM" */
    time: formatter({ hour: 'numeric', minute: '2-digit' }),
    /** "Sun, Nov 22, 2026, 9:00 AM" (the event popup's form, spec §2) */
    dateTime: formatter({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  };
}

/** Formatters in the post's time zone (from the site settings). */
export function usePostFormat() {
  const tz = useSiteSettings().data.timeZone;
  return useMemo(() => formattersFor(tz), [tz]);
}
