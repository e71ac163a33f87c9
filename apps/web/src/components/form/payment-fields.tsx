import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@post/contracts/enums/payment-method';
import { RecordPaymentInput } from '@post/contracts/member-payments';
import { Button } from '@post/ui/components/button';
import { TextField } from './text-fields.tsx';
import { SelectField } from './select-field.tsx';

/** A dues payment as the member dialog and a Buddy Check call card take it (the member is known). */
export const PaymentForm = RecordPaymentInput.omit({ memberId: true });
export type PaymentFormIn = z.input<typeof PaymentForm>;
export type PaymentFormOut = z.output<typeof PaymentForm>;
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * The payment's four fields and its button; `wide` lays the fields in one row on a desktop. Under
 * anniversary dues (`anniversary`) a payment pays twelve months, so no year is asked (decision 0098).
 */
export function PaymentFields({
  form,
  pending,
  wide = false,
  anniversary = false,
}: {
  form: UseFormReturn<PaymentFormIn, unknown, PaymentFormOut>;
  pending: boolean;
  wide?: boolean;
  anniversary?: boolean;
}) {
  return (
    <>
      <div className={wide ? `grid gap-4 sm:grid-cols-2 ${anniversary ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}` : 'grid gap-3 sm:grid-cols-2'}>
        {anniversary ? null : (
          <TextField form={form} name="year" label="Year Paid For" type="number" inputMode="numeric" min={1900} max={2200} step={1} required />
        )}
        <TextField form={form} name="amount" label="Amount ($)" inputMode="decimal" placeholder="Optional" />
        <SelectField form={form} name="method" label="Method" options={METHOD_OPTIONS} />
        <TextField form={form} name="paidOn" label="Date Paid" type="date" required />
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? 'Recording...' : 'Record Payment'}
      </Button>
    </>
  );
}
