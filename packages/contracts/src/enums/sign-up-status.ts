// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** A sign-up's place: confirmed holds a place; waitlisted waits for one. */
export const SIGN_UP_STATUSES = ['confirmed', 'waitlisted'] as const;
export type SignUpStatus = (typeof SIGN_UP_STATUSES)[number];
