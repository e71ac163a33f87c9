// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Member resource types. */
export const RESOURCE_TYPES = ['document', 'form', 'guide', 'handbook', 'archive', 'link'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
