import { createContext, useContext, useMemo } from 'react';
import { useSiteSettings } from '../features/site-settings/use-site-settings.ts';

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

/**
 * The strings a server-rendered page was formatted with, by zone, kind and instant: the server
 * fills it while rendering and sends it with the page's data; hydration reads the same strings
 * back instead of formatting again. The first `Intl` formatter a page makes starts ICU, one task
 * of 15-30 ms in Chromium on this machine (2026-11-26, any locale, zone or Intl class), so a page
 * whose dates come from here makes none while it hydrates (bench:tasks, `/`: a 27 ms task,
 * 21.6 ms of it the first formatter, was the largest after the entry's evaluation).
 */
export type FormatSeed = Map<string, string>;
const Seed = createContext<FormatSeed | undefined>(undefined);
export const FormatSeedProvider = Seed.Provider;

/** Formatters bound to a time zone; with a seed, each string is read from it or added to it. */
export function formattersFor(timeZone: string, seed?: FormatSeed) {
  const seeded =
    (kind: string, options: Intl.DateTimeFormatOptions) =>
    (d: Date | string): string => {
      const date = new Date(d);
      const key = `${timeZone}|${kind}|${date.getTime()}`;
      let text = seed?.get(key);
      if (text === undefined) {
        text = fmt(timeZone, options).format(date);
        seed?.set(key, text);
      }
      return text;
    };
  return {
    timeZone,
    /** "Sunday, November 22, 2026" */
    longDate: seeded('longDate', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    /** "Nov 22, 2026" */
    date: seeded('date', { month: 'short', day: 'numeric', year: 'numeric' }),
    /** "9:00 AM" */
    time: seeded('time', { hour: 'numeric', minute: '2-digit' }),
    /** "Sun, Nov 22, 2026, 9:00 AM" (the event popup's form, spec §2) */
    dateTime: seeded('dateTime', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  };
}

/** Formatters in the post's time zone (from the site settings). */
export function usePostFormat() {
  const tz = useSiteSettings().data.timeZone;
  const seed = useContext(Seed);
  return useMemo(() => formattersFor(tz, seed), [tz, seed]);
}
