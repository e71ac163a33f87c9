// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Member status filter of the directory: the active directory leaves out the deceased (decision 0065). */
export const MEMBER_STATUSES = ['active', 'inactive', 'deceased'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
