// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Priorities of member communications. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
