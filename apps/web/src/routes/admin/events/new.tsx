import { createFileRoute } from '@tanstack/react-router';
import { text } from '../../../lib/search.ts';
import { EventFormPage } from '../../../features/admin/forms/event-form.tsx';

export const Route = createFileRoute('/admin/events/new')({
  // A range picked on the calendar: 'YYYY-MM-DD' (all-day, end exclusive) or date-time strings.
  validateSearch: (s: Record<string, unknown>): { start?: string; end?: string } => ({ start: text(s.start, 40), end: text(s.end, 40) }),
  component: NewEvent,
});

function NewEvent() {
  const { start, end } = Route.useSearch();
  return <EventFormPage start={start} end={end} />;
}
