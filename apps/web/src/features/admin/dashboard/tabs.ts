import type { EventListWhen } from '@post/contracts/enums/event-list-when';

/** The dashboard's tabs, as the `tab` query parameter spells them (spec §2). Kept apart so route files stay light. */
export const DASHBOARD_TABS = ['events', 'news', 'resources', 'commander', 'engagements'] as const;
/** One of DASHBOARD_TABS. */
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The Events tab's list in the URL (issue 20): ?when=past&q=fish&page=2. */
export interface EventListSearch {
  when?: EventListWhen;
  q?: string;
  page?: number;
}
