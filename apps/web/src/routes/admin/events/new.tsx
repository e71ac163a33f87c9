import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EventFormPage } from '../../../features/admin/forms/event-form.tsx';

export const Route = createFileRoute('/admin/events/new')({
  // A range picked on the calendar: 'YYYY-MM-DD' (all-day, end exclusive) or date-time strings.
  validateSearch: z.object({
    start: z.string().max(40).optional().catch(undefined),
    end: z.string().max(40).optional().catch(undefined),
  }),
  component: NewEvent,
});

function NewEvent() {
  const { start, end } = Route.useSearch();
  return <EventFormPage start={start} end={end} />;
}
