import { useEffect, useState } from 'react';
import type { DoorList } from '@post/contracts/door';
import type { Shown } from './people-list.tsx';

/** A shift is "arriving now" from this long before its start... */
export const ARRIVING_BEFORE_MS = 60 * 60_000;
/** ...until this long after it (and never once it has ended): decision 0093. */
export const ARRIVING_AFTER_MS = 60 * 60_000;

/** The shifts (and, for sign-ups without one, the event) whose people are arriving at `now`, and the next start after them. */
export interface Arriving {
  shiftIds: Set<number>;
  event: boolean;
  next: { role: string | null; startDate: string } | null;
}

const isArrivingAt = (start: string, end: string, now: number) =>
  Date.parse(start) - ARRIVING_BEFORE_MS <= now && now <= Date.parse(start) + ARRIVING_AFTER_MS && now < Date.parse(end);

export function arrivingNow(list: DoorList, now: number): Arriving {
  const shiftIds = new Set(list.shifts.filter((s) => isArrivingAt(s.startDate, s.endDate, now)).map((s) => s.id));
  const event = isArrivingAt(list.event.startDate, list.event.endDate, now);
  const later = [
    ...list.shifts.map((s) => ({ role: s.role as string | null, startDate: s.startDate })),
    ...(list.shifts.length === 0 ? [{ role: null, startDate: list.event.startDate }] : []),
  ]
    .filter((s) => Date.parse(s.startDate) - ARRIVING_BEFORE_MS > now)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return { shiftIds, event, next: later[0] ?? null };
}

/** Whether a mark belongs to a shift arriving now (a sign-up without a shift goes by the event). */
export function isArriving(a: Arriving, m: Shown, list: DoorList): boolean {
  if (m.shiftId !== null && list.shifts.some((s) => s.id === m.shiftId)) return a.shiftIds.has(m.shiftId);
  return a.event;
}

/** The time now, moved on each minute: the "arriving now" view follows the clock without signal. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
