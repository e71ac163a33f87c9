import { createFileRoute } from '@tanstack/react-router';
import { oneOf } from '../../lib/search.ts';
import { AdminDashboard } from '../../features/admin/dashboard/admin-dashboard.tsx';
import { DASHBOARD_TABS } from '../../features/admin/dashboard/tabs.ts';

export const Route = createFileRoute('/admin/')({
  validateSearch: (s: Record<string, unknown>): { tab?: (typeof DASHBOARD_TABS)[number] } => ({ tab: oneOf(s.tab, DASHBOARD_TABS) }),
  component: AdminIndex,
});

function AdminIndex() {
  const { tab } = Route.useSearch();
  return <AdminDashboard tab={tab} />;
}
