import { seo, settingsOf } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { EventsPage, type EventId } from '../features/events/events-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

/** `?id=` selects an event: numeric ids are stored events, others holidays (spec §2). */
function parseId(raw: unknown): EventId | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && raw.trim()) return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw.trim().slice(0, 40);
  return undefined;
}

export const Route = createFileRoute('/events')({
  head: ({ match }) =>
    seo(match.context, {
      title: 'Events Calendar',
      description: `Meetings, ceremonies, fundraisers and community service of ${settingsOf(match.context).postName}: the calendar, volunteer sign-up and calendar subscriptions.`,
      path: '/events',
    }),
  validateSearch: (search: Record<string, unknown>): { id?: EventId } => {
    const id = parseId(search.id);
    return id === undefined ? {} : { id };
  },
  loader: ({ context }) => prefetchAll([context.trpcUtils.events.list.ensureData()]),
  component: EventsRoute,
});

function EventsRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EventsPage
      id={id}
      onSelect={(next) =>
        navigate({ search: (prev) => ({ ...prev, id: next }), replace: next === undefined, resetScroll: false })
      }
    />
  );
}
