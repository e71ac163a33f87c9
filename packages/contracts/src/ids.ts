// The one reader of record ids from URLs (route params and search params). No zod here: the
// route definitions are in the first JavaScript of every page (decision 0063); common.ts's zod
// `Id` uses the same bound.

/** The largest id a record can have (PostgreSQL `integer`). */
export const MAX_ID = 2147483647;

/** A positive whole number that fits a record id, from a number or a string of digits; else undefined. */
export function parseId(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : undefined;
}
