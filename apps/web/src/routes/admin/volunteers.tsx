import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { text } from '../../lib/search.ts';
import { RosterPage, type RosterSearch } from '../../features/events/roster-page.tsx';

export const Route = createFileRoute('/admin/volunteers')({
  validateSearch: (s: Record<string, unknown>): RosterSearch => ({ eventId: parseId(s.eventId), q: text(s.q, 100), page: parseId(s.page) }),
  component: VolunteersRoute,
});

function VolunteersRoute() {
  return <RosterPage search={Route.useSearch()} />;
}
