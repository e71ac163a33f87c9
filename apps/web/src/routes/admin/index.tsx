import { createFileRoute } from '@tanstack/react-router';
import { EVENT_LIST_WHEN } from '@post/contracts/enums/event-list-when';
import { parseId } from '@post/contracts/ids';
import { oneOf, text } from '../../lib/search.ts';
import { AdminDashboard } from '../../features/admin/dashboard/admin-dashboard.tsx';
import { DASHBOARD_TABS, type EventListSearch } from '../../features/admin/dashboard/tabs.ts';

export const Route = createFileRoute('/admin/')({
  // The Events tab keeps its filter, search and page in the URL (issue 20).
  validateSearch: (s: Record<string, unknown>): { tab?: (typeof DASHBOARD_TABS)[number] } & EventListSearch => ({
    tab: oneOf(s.tab, DASHBOARD_TABS),
    when: oneOf(s.when, EVENT_LIST_WHEN),
    q: text(s.q, 100),
    page: parseId(s.page),
  }),
  component: AdminIndex,
});

function AdminIndex() {
  const { tab, when, q, page } = Route.useSearch();
  return <AdminDashboard tab={tab} events={{ when, q, page }} />;
}
