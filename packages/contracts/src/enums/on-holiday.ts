// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** What happens to an occurrence that falls on one of the nine US holidays of the calendar. */
export const ON_HOLIDAY = ['keep', 'skip', 'next-day'] as const;
export type OnHoliday = (typeof ON_HOLIDAY)[number];
