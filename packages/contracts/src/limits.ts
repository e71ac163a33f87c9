// Limits a schema checks and its message states, without zod, so a message module can name them
// and a page's first JavaScript can carry that message without the schema.

/** The least length of every password (decisions §2; issue 46 #4, decision 0061). */
export const PASSWORD_MIN = 8;
/** The last page of an admin list anyone may ask for (a bound, not a limit a post reaches). */
export const MAX_PAGE = 10_000;
/** Most occurrences a repeat rule may ask for with COUNT, and most one save of a series makes (decision 0059). */
export const MAX_COUNT = 500;
/** Largest INTERVAL of a repeat rule ("every 99 weeks"). */
export const MAX_INTERVAL = 99;
/** Limits of a shift (issue 43). */
export const MAX_SHIFT_CAPACITY = 500;
export const MAX_SHIFTS = 50;
export const MAX_SHIFT_ROLE = 100;
