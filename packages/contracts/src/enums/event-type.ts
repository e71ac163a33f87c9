// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Event types (spec §3); anything else is shown as regular. */
export const EVENT_TYPES = ['regular', 'special', 'community', 'fundraiser', 'honors'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Labels of the calendar legend. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  regular: 'Regular Event',
  special: 'Holiday/Special Event',
  community: 'Community Service',
  fundraiser: 'Fundraiser',
  honors: 'Funeral Honors',
};
