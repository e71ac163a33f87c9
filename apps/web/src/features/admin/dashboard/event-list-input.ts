import type { EventListSearch } from './tabs.ts';

/** The Events tab's read of the list in the URL: the table's and the dashboard loader's, one key; apart from tabs.ts, which the app's entry carries (decision 0103). */
export const eventListInput = (search: EventListSearch) => ({ when: search.when ?? 'upcoming', q: search.q || undefined, page: search.page ?? 1 });
