// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Member communication types. */
export const COMMUNICATION_TYPES = ['announcement', 'newsletter', 'meeting_minutes', 'urgent_notice'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
