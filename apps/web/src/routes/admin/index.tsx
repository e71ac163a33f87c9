import { createFileRoute } from '@tanstack/react-router';
import { EVENT_LIST_WHEN } from '@post/contracts/enums/event-list-when';
import { parseId } from '@post/contracts/ids';
import { oneOf, text } from '../../lib/search.ts';
import { AdminDashboard } from '../../features/admin/dashboard/admin-dashboard.tsx';
import { DASHBOARD_TABS, type EventListSearch } from '../../features/admin/dashboard/tabs.ts';
import { eventListInput } from '../../features/admin/dashboard/event-list-input.ts';
import { warmAll } from '../../lib/warm-all.ts';

export const Route = createFileRoute('/admin/')({
  // The Events tab keeps its filter, search and page in the URL (issue 20).
  validateSearch: (s: Record<string, unknown>): { tab?: (typeof DASHBOARD_TABS)[number] } & EventListSearch => ({
    tab: oneOf(s.tab, DASHBOARD_TABS),
    when: oneOf(s.when, EVENT_LIST_WHEN),
    q: text(s.q, 100),
    page: parseId(s.page),
  }),
  // The dashboard's reads come with its shell (decision 0103): the panels an administrator sees, and the Events tab's list.
  loader: ({ context, location }) => {
    if (context.admin.show !== 'page') return undefined;
    const search: { tab?: string } & EventListSearch = location.search;
    const utils = context.trpcUtils;
    const administrator = utils.adminAuth.check.getData()?.role === 'administrator';
    return warmAll([
      utils.honors.list.ensureData({ open: true }),
      ...((search.tab ?? 'events') === 'events' ? [utils.events.adminList.ensureData(eventListInput(search))] : []),
      ...(administrator
        ? [
            utils.outbox.status.ensureData(),
            utils.renewals.list.ensureData(),
            utils.buddyCheck.needsHelp.ensureData(),
            utils.upkeep.demoContent.ensureData(),
            utils.upkeep.backupStatus.ensureData(),
          ]
        : []),
    ]);
  },
  staticData: { renderOnServer: true },
  component: AdminIndex,
});

function AdminIndex() {
  const { tab, when, q, page } = Route.useSearch();
  return <AdminDashboard tab={tab} events={{ when, q, page }} />;
}
