import { usePostFormat } from './format.ts';

/** "Sat, May 2, 11:00 AM – 2:00 PM" (the end's date only when it differs). */
export function useShiftTime() {
  const f = usePostFormat();
  return (s: { startDate: string; endDate: string }) => {
    const sameDay = f.date(s.startDate) === f.date(s.endDate);
    return `${f.dateTime(s.startDate)} – ${sameDay ? f.time(s.endDate) : f.dateTime(s.endDate)}`;
  };
}
