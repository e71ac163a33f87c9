// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Dues statuses as the American Legion keeps them, derived from the year paid through (rules/dues.ts, decision 0086). */
export const DUES_STATUSES = ['current', 'delinquent', 'suspended', 'dropped', 'life'] as const;
export type DuesStatus = (typeof DUES_STATUSES)[number];

/** The words each status shows on screens. */
export const DUES_STATUS_LABELS: Record<DuesStatus, string> = {
  current: 'Current',
  delinquent: 'Delinquent',
  suspended: 'Suspended',
  dropped: 'Dropped',
  life: 'Life Member',
};
