import { roundHours } from '@post/contracts/service-hours';

/** What the hours of one attendance are derived from. */
export interface HoursSource {
  hours: string | number | null;
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
 * 0 for someone not checked in. At most 24 for one record.
 */
export function attendanceHours(r: HoursSource): number {
  if (r.hours !== null) return roundHours(Number(r.hours));
  if (!r.checkedInAt) return 0;
  const span = r.checkedOutAt ? ms(r.checkedOutAt) - ms(r.checkedInAt) : ms(r.endDate) - ms(r.startDate);
  return roundHours(Math.min(24, Math.max(0, span / HOUR_MS)));
}
