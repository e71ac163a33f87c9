import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { CheckInPage } from '../../../features/check-in/check-in-page.tsx';
import type { DoorView } from '../../../features/check-in/door-parts.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { warmAll } from '../../../lib/warm-all.ts';

const VIEWS: readonly DoorView[] = ['arriving', 'shifts', 'paper'];

export const Route = createFileRoute('/admin/events/$id_/check-in')({
  // The view is in the address, so a reload (offline too) keeps it (decision 0093).
  validateSearch: (s: Record<string, unknown>): { view?: DoorView } => ({ view: VIEWS.find((v) => v === s.view) }),
  // The door's list comes with its shell (decision 0103); in the browser the page never waits for it.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined || context.admin.show !== 'page') return undefined;
    return warmAll([context.trpcUtils.door.list.ensureData({ id }), context.trpcUtils.reports.eventFigures.ensureData({ id })]);
  },
  component: CheckIn,
});

function CheckIn() {
  const id = parseId(Route.useParams().id);
  const { view } = Route.useSearch();
  const navigate = Route.useNavigate();
  return id === undefined ? (
    <NotFoundItem what="event" />
  ) : (
    <CheckInPage id={id} view={view} onView={(v) => void navigate({ search: { view: v }, replace: true })} />
  );
}
