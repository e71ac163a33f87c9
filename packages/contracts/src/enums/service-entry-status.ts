// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** A service-hours entry's state in the ledger's filter: waiting for approval, or approved (issue 44). */
export const SERVICE_ENTRY_STATUSES = ['pending', 'approved'] as const;
export type ServiceEntryStatus = (typeof SERVICE_ENTRY_STATUSES)[number];
