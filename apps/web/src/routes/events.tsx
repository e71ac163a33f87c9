import { createFileRoute } from '@tanstack/react-router';
import { EventsPage, type EventId } from '../features/events/events-page.tsx';
import { holidaysForYear, isHolidayId } from '@post/contracts/rules/holidays';
import { prefetchAll } from '../lib/optional-query.ts';

/** `?id=` selects an event: numeric ids are stored events, others holidays (spec §2). */
function parseId(raw: unknown): EventId | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && raw.trim()) return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw.trim().slice(0, 40);
  return undefined;
}

export const Route = createFileRoute('/events')({
  validateSearch: (search: Record<string, unknown>): { id?: EventId } => {
    const id = parseId(search.id);
    return id === undefined ? {} : { id };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  // `found: false` makes the server answer 404 for an event that does not exist (issue 23 #16).
  loader: async ({ context, deps }) => {
    await prefetchAll([context.trpcUtils.events.list.ensureData()]);
    const id = deps.id;
    if (id === undefined) return { found: true };
    if (isHolidayId(String(id))) return { found: holidaysForYear(Number(/(\d{4})$/.exec(String(id))?.[1] ?? 0)).some((h) => h.id === String(id)) };
    const list = context.trpcUtils.events.list.getData();
    return { found: list === undefined || list.some((e) => e.id === Number(id)) };
  },
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
