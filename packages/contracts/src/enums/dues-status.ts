// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Dues statuses: derived from the year paid through (rules/dues.ts, decision 0065). */
export const DUES_STATUSES = ['current', 'due', 'lapsed'] as const;
export type DuesStatus = (typeof DUES_STATUSES)[number];
