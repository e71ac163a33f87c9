// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** How a dues payment was made. */
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'online', 'national'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The payment methods as the dialog shows them. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  online: 'Online',
  national: 'Paid to National',
};
