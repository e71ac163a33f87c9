// Apart from attendance.ts, so the public code page does not load zod with it (bundle budget).

/** The answer to a code this site did not sign, or of a place given up or waiting. */
export const CODE_NOT_VALID = 'This check-in code is not valid: the sign-up may have been cancelled. Give your name at the door instead.';
