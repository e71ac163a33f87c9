// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** The two roles of a staff account (decision 0031): administrators may do everything, editors the content. */
export const STAFF_ROLES = ['administrator', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
