import { zonedToUtc } from '@post/contracts/rules/event-time';
import { formatIn } from '../../lib/format.ts';
import type { HonorRollEntry } from '@post/contracts/honor-roll';

/** "Army · Korean War · Member since 1965": what is known of a departed member's service. */
export function serviceLine(e: Pick<HonorRollEntry, 'branchOfService' | 'serviceEra' | 'memberSinceYear'>): string {
  const parts = [e.branchOfService !== 'unspecified' ? e.branchOfService : null, e.serviceEra, `Member since ${e.memberSinceYear}`];
  return parts.filter(Boolean).join(' · ');
}

/** "February 14, 2026": a date of death, a day of the post's calendar (noon there, so it never shifts a day). */
export function longDay(date: string, timeZone: string): string {
  return formatIn(timeZone, { dateStyle: 'long' }, zonedToUtc(date, '12:00', timeZone));
}

/** The departed grouped by year of death, most recent year first (the list comes most recent first). */
export function byYear(entries: HonorRollEntry[]): { year: number; entries: HonorRollEntry[] }[] {
  const groups = new Map<number, HonorRollEntry[]>();
  for (const e of entries) {
    const year = Number(e.deceasedOn.slice(0, 4));
    groups.set(year, [...(groups.get(year) ?? []), e]);
  }
  return [...groups].sort(([a], [b]) => b - a).map(([year, list]) => ({ year, entries: list }));
}
