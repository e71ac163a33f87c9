// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Which events the administrators' list shows: upcoming or past (issue 20). */
export const EVENT_LIST_WHEN = ['upcoming', 'past'] as const;
export type EventListWhen = (typeof EVENT_LIST_WHEN)[number];
