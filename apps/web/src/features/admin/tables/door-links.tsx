import { Link } from '@tanstack/react-router';
import { DoorOpenIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { usePostFormat } from '../../../lib/format.ts';

/** Whether an event starts between yesterday and tomorrow: its door is open (issue 59). */
export function nearToday(startDate: string): boolean {
  return Math.abs(Date.parse(startDate) - Date.now()) < 36 * 3_600_000;
}

/** "Today at the door": the events from yesterday to tomorrow, each straight to its check-in page (issue 59). */
export function TodayAtTheDoor({ events }: { events: { id: number; title: string; startDate: string }[] }) {
  const f = usePostFormat();
  if (events.length === 0) return null;
  return (
    <nav aria-label="Today at the door" className="mb-6 rounded-lg border border-navy-600 bg-navy-50 p-4">
      <h3 className="mb-2 text-xl font-bold text-navy-800">Today at the door</h3>
      <ul className="flex flex-wrap gap-3">
        {events.map((e) => (
          <li key={e.id}>
            <Link to="/admin/events/$id/check-in" params={{ id: String(e.id) }} className={buttonVariants()}>
              <DoorOpenIcon aria-hidden="true" />
              Check-in: {e.title}, {f.time(e.startDate)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
