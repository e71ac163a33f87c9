import { createFileRoute } from '@tanstack/react-router';
import { text } from '../../../lib/search.ts';
import { parseId } from '@post/contracts/ids';
import { EventFormPage } from '../../../features/events/event-form-page.tsx';

export const Route = createFileRoute('/admin/events/new')({
  // A range picked on the calendar: 'YYYY-MM-DD' (all-day, end exclusive) or date-time strings.
  // `from`: the id of the event to duplicate (issue 20).
  validateSearch: (s: Record<string, unknown>): { start?: string; end?: string; from?: number } => ({
    start: text(s.start, 40),
    end: text(s.end, 40),
    from: parseId(s.from),
  }),
  component: NewEvent,
});

function NewEvent() {
  const { start, end, from } = Route.useSearch();
  return <EventFormPage key={from ?? 'new'} start={start} end={end} from={from} />;
}
