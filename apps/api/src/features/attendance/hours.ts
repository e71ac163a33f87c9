import { roundHours } from '@post/contracts/service-hours';

/** What the hours of one attendance are derived from. */
export interface HoursSource {
  hours: string | number | null;
  /** When an administrator confirmed long hours from marks (absent: not confirmed). */
  hoursConfirmedAt?: Date | string | null;
  checkedInAt: Date | string | null;
  checkedOutAt: Date | string | null;
  startDate: Date | string;
  endDate: Date | string;
}

const HOUR_MS = 3_600_000;
const ms = (d: Date | string) => new Date(d).getTime();

/**
 * An attendance's hours (issue 44, decision 0066): an administrator's figure, else check-out minus
 * check-in, else the length of the sign-up's shift, else the event's (`startDate`/`endDate` are the
 * shift's when it has one);
 * 0 for someone not checked in. At most 24 for one record. Marks that run more than 2 hours past
 * the planned length count the planned length until an administrator confirms them (decision 0081).
 */
export function attendanceHours(r: HoursSource): number {
  if (r.hours === null && needsConfirmation(r)) return plannedHours(r);
  if (r.hours !== null) return roundHours(Number(r.hours));
  if (!r.checkedInAt) return 0;
  const span = r.checkedOutAt ? ms(r.checkedOutAt) - ms(r.checkedInAt) : ms(r.endDate) - ms(r.startDate);
  return roundHours(Math.min(24, Math.max(0, span / HOUR_MS)));
}

/** How far marks may run past the shift's or event's length before an administrator must confirm them (decision 0081). */
export const LONG_HOURS_MARGIN = 2;

/** The shift's (else the event's) length in hours, as the report counts it. */
export function plannedHours(r: Pick<HoursSource, 'startDate' | 'endDate'>): number {
  return roundHours(Math.min(24, Math.max(0, (ms(r.endDate) - ms(r.startDate)) / HOUR_MS)));
}

/** Hours from check-in to check-out, with no figure of an administrator's, more than the margin past the planned length and not confirmed. */
export function needsConfirmation(r: HoursSource): boolean {
  if (r.hours !== null || !r.checkedInAt || !r.checkedOutAt || r.hoursConfirmedAt) return false;
  return (ms(r.checkedOutAt) - ms(r.checkedInAt)) / HOUR_MS > plannedHours(r) + LONG_HOURS_MARGIN;
}

/** The hours from the marks alone, as the attention list shows them. */
export function markedHours(r: Pick<HoursSource, 'checkedInAt' | 'checkedOutAt'>): number {
  if (!r.checkedInAt || !r.checkedOutAt) return 0;
  return roundHours(Math.min(24, Math.max(0, (ms(r.checkedOutAt) - ms(r.checkedInAt)) / HOUR_MS)));
}
