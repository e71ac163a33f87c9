import { Link } from '@tanstack/react-router';
import { ScanLineIcon } from 'lucide-react';
import { toast } from 'sonner';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { selectClass } from '../../components/form/select-field.tsx';

/**
 * Beside a saved event's form (issue 44): its default service category, saved when chosen (it is
 * not a field of the event form), and the way to the check-in page for the door.
 */
export function EventServiceSection({ eventId }: { eventId: number }) {
  const utils = trpc.useUtils();
  const categories = trpc.serviceHours.categories.useQuery();
  const attendance = trpc.attendance.list.useQuery({ id: eventId });
  const set = trpc.serviceHours.setEventCategory.useMutation();
  const current = attendance.data?.event.serviceCategoryId ?? null;
  const checkedIn = attendance.data?.people.filter((p) => p.checkedInAt).length ?? 0;
  return (
    <section aria-labelledby="service-heading" className="mt-8 rounded-lg border bg-card p-4">
      <h2 id="service-heading" className="text-2xl font-bold text-navy-800">
        Service hours
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div className="w-full max-w-sm">
          <label htmlFor="event-service-category" className="mb-1 block text-base font-semibold">
            Service category
          </label>
          <select
            id="event-service-category"
            className={selectClass}
            value={current === null ? '' : String(current)}
            disabled={!attendance.data || set.isPending}
            onChange={async (e) => {
              try {
                await set.mutateAsync({ id: eventId, categoryId: e.target.value ? Number(e.target.value) : null });
                toast.success('Service category saved');
                await utils.attendance.list.invalidate({ id: eventId });
              } catch (err) {
                toast.error(serverMessage(err) ?? 'Could not save the category. Please try again.');
              }
            }}
          >
            <option value="">No category</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
                {c.reportable ? '' : ' (not reportable)'}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-muted-foreground">The hours of people checked in count under it in the service report.</p>
        </div>
        <Link
          to="/admin/events/$id/check-in"
          params={{ id: String(eventId) }}
          className={cn(buttonVariants({ variant: 'outline' }), 'h-auto shrink text-left whitespace-normal')}
        >
          <ScanLineIcon aria-hidden="true" />
          Check-in at the door{checkedIn ? ` (${checkedIn} checked in)` : ''}
        </Link>
      </div>
    </section>
  );
}
