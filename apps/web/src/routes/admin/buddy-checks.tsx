import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { BuddyCheckPage } from '../../features/buddy-check/buddy-check-page.tsx';

export const Route = createFileRoute('/admin/buddy-checks')({
  staticData: { administratorOnly: true },
  validateSearch: (s: Record<string, unknown>): { id?: number } => ({ id: parseId(s.id) }),
  component: BuddyCheckRoute,
});

function BuddyCheckRoute() {
  const navigate = Route.useNavigate();
  return <BuddyCheckPage id={Route.useSearch().id} onOpen={(id) => void navigate({ search: { id } })} />;
}
