// Apart from attendance.ts: the volunteer's public code page shows this alone, not the check-in desk's texts.

/** A volunteer's own check-in code (issue 44). */
export const checkInCodeMessages = {
  /** The answer to a code this site did not sign, or of a place given up or waiting. */
  notValid: 'This check-in code is not valid: the sign-up may have been cancelled. Give your name at the door instead.',
} as const;
