// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Post roles; 'none' means no role. */
export const POST_ROLES = [
  'Post Commander',
  'Senior Vice Commander',
  'Junior Vice Commander',
  'Quartermaster',
  'Chaplain',
  'Adjutant',
  'First Year Trustee',
  'Second Year Trustee',
  'Third Year Trustee',
  'Service Officer',
  'Judge Advocate',
] as const;
/** A member's post role as stored: one of POST_ROLES, or 'none'. */
export type PostRole = 'none' | (typeof POST_ROLES)[number];
