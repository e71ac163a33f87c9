import { seo, settingsOf } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { EventsPage, type EventId } from '../features/events/events-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

/** `?id=` selects an event: numeric ids are stored events, others holidays (spec §2). */
function eventIdOf(raw: unknown): EventId | undefined {
  const id = typeof raw === 'string' ? raw.trim() : raw;
  return parseId(id) ?? (typeof id === 'string' && id && !/^\d+$/.test(id) ? id.slice(0, 40) : undefined);
}

export const Route = createFileRoute('/events')({
  head: ({ match }) =>
    seo(match.context, {
      title: 'Events Calendar',
      description: `Meetings, ceremonies, fundraisers and community service of ${settingsOf(match.context).postName}: the calendar, volunteer sign-up and calendar subscriptions.`,
      path: '/events',
    }),
  validateSearch: (search: Record<string, unknown>): { id?: EventId } => {
    const id = eventIdOf(search.id);
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
