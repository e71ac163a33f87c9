import { Link } from '@tanstack/react-router';
import { ScanLineIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { trpc } from '../../lib/trpc.ts';
import { EventFigures } from './event-figures.tsx';
import { EventDocuments } from './event-documents.tsx';

/**
 * Beside a saved event's form (issue 44): the way to the check-in page for the door, with how many
 * are checked in. The event's service category is a field of the form itself (decision 0066).
 */
export function EventServiceSection({ eventId }: { eventId: number }) {
  const attendance = trpc.attendance.list.useQuery({ id: eventId });
  const checkedIn = attendance.data?.people.filter((p) => p.checkedInAt).length ?? 0;
  return (
    <section aria-labelledby="service-heading" className="mt-8 rounded-lg border bg-card p-4">
      <h2 id="service-heading" className="text-2xl font-bold text-navy-800">
        Service hours
      </h2>
      <p className="mt-1 text-base text-muted-foreground">Check people in at the door; their hours count under the event&apos;s service category.</p>
      <Link
        to="/admin/events/$id/check-in"
        params={{ id: String(eventId) }}
        className={buttonVariants({ variant: 'outline', size: 'wrap', className: 'mt-3 text-left' })}
      >
        <ScanLineIcon aria-hidden="true" />
        Check-in at the door{checkedIn ? ` (${checkedIn} checked in)` : ''}
      </Link>
      <h3 className="mt-6 text-xl font-bold text-navy-800">Report figures</h3>
      <EventFigures eventId={eventId} />
      <h3 className="mt-6 text-xl font-bold text-navy-800">Documentation</h3>
      <EventDocuments eventId={eventId} />
    </section>
  );
}
