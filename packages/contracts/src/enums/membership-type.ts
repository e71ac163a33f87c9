// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Membership types. */
export const MEMBERSHIP_TYPES = ['Life Member', 'Annual Member', 'Associate Member', 'Auxiliary Member'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
