import { usePostFormat } from './format.ts';

/**
 * "Sat, May 2, 11:00 AM – 2:00 PM" (the end's date only when it differs); "11:00 AM – 2:00 PM"
 * when the shift starts on `day`, the event's date shown beside it (a phone's lines stay short).
 */
export function useShiftTime() {
  const f = usePostFormat();
  return (s: { startDate: string; endDate: string }, day?: string) => {
    const sameDay = f.date(s.startDate) === f.date(s.endDate);
    const start = day !== undefined && f.date(day) === f.date(s.startDate) ? f.time(s.startDate) : f.dateTime(s.startDate);
    return `${start} – ${sameDay ? f.time(s.endDate) : f.dateTime(s.endDate)}`;
  };
}
