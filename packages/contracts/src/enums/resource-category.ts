// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Public resource categories (spec §3). */
export const RESOURCE_CATEGORIES = ['healthcare', 'benefits', 'crisis', 'local', 'vfw'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
