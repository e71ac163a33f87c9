import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminDashboard } from '../../features/admin/dashboard/admin-dashboard.tsx';
import { DASHBOARD_TABS } from '../../features/admin/dashboard/tabs.ts';

export const Route = createFileRoute('/admin/')({
  validateSearch: z.object({ tab: z.enum(DASHBOARD_TABS).optional().catch(undefined) }),
  component: AdminIndex,
});

function AdminIndex() {
  const { tab } = Route.useSearch();
  return <AdminDashboard tab={tab} />;
}
