// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Member resource categories. */
export const MEMBER_RESOURCE_CATEGORIES = ['bylaws', 'forms', 'meetings', 'benefits', 'documents'] as const;
export type MemberResourceCategory = (typeof MEMBER_RESOURCE_CATEGORIES)[number];
