import { useCallback } from 'react';
import { seo, settingsOf } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { EventsPage, type EventId } from '../features/events/events-page.tsx';
import { prefetchAll } from '../lib/optional-query.ts';

/** `?month=2026-12`: the month shown (issue 46 #3); anything else is no month. */
function monthOf(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(raw)) return undefined;
  const year = Number(raw.slice(0, 4));
  return year >= 1900 && year <= 2200 ? raw : undefined;
}

/** `?id=` selects an event: numeric ids are stored events, others holidays (spec §2). */
function eventIdOf(raw: unknown): EventId | undefined {
  const id = typeof raw === 'string' ? raw.trim() : raw;
  return parseId(id) ?? (typeof id === 'string' && id && !/^\d+$/.test(id) ? id.slice(0, 40) : undefined);
}

export const Route = createFileRoute('/events')({
  // `series`: the volunteer needs table lists every upcoming date of that series (issue 20).
  validateSearch: (search: Record<string, unknown>): { id?: EventId; series?: number; month?: string } => {
    const id = eventIdOf(search.id);
    const series = parseId(search.series);
    // `month` always set, even to undefined: a bad one must not pass through from the raw search.
    return { ...(id === undefined ? {} : { id }), ...(series === undefined ? {} : { series }), month: monthOf(search.month) };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  // `found: false` makes the server answer 404 for an event that does not exist (issue 23 #16).
  loader: async ({ context, deps }) => {
    await prefetchAll([context.trpcUtils.events.list.ensureData()]);
    const id = deps.id;
    if (id === undefined) return { found: true };
    if (typeof id === 'string') {
      // A holiday's id: the holiday rules load only for such an address, not with every page.
      const { holidaysForYear } = await import('@post/contracts/rules/holidays');
      return { found: holidaysForYear(Number(/(\d{4})$/.exec(id)?.[1] ?? 0)).some((h) => h.id === id) };
    }
    const list = context.trpcUtils.events.list.getData();
    return { found: list === undefined || list.some((e) => e.id === Number(id)) };
  },
  // After validateSearch and the loader: the route's types are inferred in the order of its options.
  head: ({ match }) =>
    seo(match.context, {
      title: 'Events Calendar',
      description: `Meetings, ceremonies, fundraisers and community service of ${settingsOf(match.context).postName}: the calendar, volunteer sign-up and calendar subscriptions.`,
      path: '/events',
    }),
  component: EventsRoute,
});

function EventsRoute() {
  const { id, series, month } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSelect = useCallback(
    (next: EventId | undefined) => navigate({ search: (prev) => ({ ...prev, id: next }), replace: next === undefined, resetScroll: false }),
    [navigate],
  );
  // The month shown goes in the address as a new entry: Back returns to the month before, and a
  // reload or a shared link opens that month again (issue 46 #3, decision 0087).
  const onMonthChange = useCallback((next: string | undefined) => navigate({ search: (prev) => ({ ...prev, month: next }), resetScroll: false }), [navigate]);
  return <EventsPage id={id} series={series} month={month} onSelect={onSelect} onMonthChange={onMonthChange} />;
}
