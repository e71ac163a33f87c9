// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** States of an outbox message. */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** The states as the admin Outbox shows them. */
export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
