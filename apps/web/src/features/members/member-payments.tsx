import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@post/contracts/enums/payment-method';
import type { MemberPayment } from '@post/contracts/member-payments';
import type { Member } from '@post/contracts/members';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { dayText, paidThroughDate, renewedThrough } from '@post/contracts/rules/dues';
import { renewalCalendar } from '@post/contracts/membership-defaults';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { trpc } from '../../lib/trpc.ts';
import { usePostFormat } from '../../lib/format.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { PaymentFields, PaymentForm, type PaymentFormIn, type PaymentFormOut } from '../../components/form/payment-fields.tsx';

/** "$45.00", or "amount not recorded". */
export function amountText(p: Pick<MemberPayment, 'amount'>): string {
  return p.amount === null ? 'amount not recorded' : `$${p.amount.toFixed(2)}`;
}

/** Dues payments in the member dialog: the list, and a form to record one (decision 0065). Its own form, beside the member's. */
export function MemberPayments({ member, onPaid }: { member: Member; onPaid: (paid: { year: number | null; on: string | null }) => void }) {
  const { timeZone } = usePostFormat();
  const cal = renewalCalendar(useSiteSettings().data.membership);
  // Anniversary dues: a payment pays twelve months, so no year is asked (decision 0098).
  const anniversary = cal.basis === 'anniversary';
  const utils = trpc.useUtils();
  const payments = trpc.members.payments.useQuery({ memberId: member.id });
  const record = trpc.members.recordPayment.useMutation();
  const today = utcToZoned(new Date(), timeZone).date;
  const nextYear = (member.paidThrough ?? Number(today.slice(0, 4)) - 1) + 1;
  const form = useForm<PaymentFormIn, unknown, PaymentFormOut>({
    resolver: zodResolver(PaymentForm),
    defaultValues: { year: anniversary ? '' : String(nextYear), amount: '', method: 'check', paidOn: today },
  });
  const paidOn = useWatch({ control: form.control, name: 'paidOn' });
  const through = anniversary && /^\d{4}-\d{2}-\d{2}$/.test(paidOn ?? '') ? renewedThrough(paidThroughDate(member, cal), paidOn!, cal) : null;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await record.mutateAsync({ memberId: member.id, ...values });
      const paidThrough = Math.max(member.paidThrough ?? saved.year, saved.year);
      onPaid({ year: paidThrough, on: saved.paidThroughOn ?? null });
      const through = saved.paidThroughOn ? dayText(saved.paidThroughOn) : paidThrough;
      toast.success('Payment recorded', { description: `${member.firstName} ${member.lastName}: paid through ${through}` });
      form.reset({ year: anniversary ? '' : String(paidThrough + 1), amount: '', method: values.method, paidOn: today });
      await Promise.all([utils.members.payments.invalidate({ memberId: member.id }), utils.members.list.invalidate()]);
    } catch (err) {
      toastSaveError(err, 'The payment was not recorded');
    }
  });
  return (
    <section aria-labelledby="payments-heading" className="space-y-4 sm:rounded-lg sm:border sm:p-4">
      <h3 id="payments-heading" className="text-lg font-semibold text-navy-800">
        Dues Payments
      </h3>
      {payments.data && payments.data.length > 0 ? (
        <ul className="space-y-1 text-base" aria-label="Recorded payments">
          {payments.data.map((p) => (
            <li key={p.id}>
              <span className="font-semibold">{p.year}</span>: {amountText(p)}, {PAYMENT_METHOD_LABELS[p.method].toLowerCase()}, paid {p.paidOn}
            </li>
          ))}
        </ul>
      ) : payments.data ? (
        <p className="text-base text-muted-foreground">No payments recorded yet.</p>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Record a payment" className="space-y-4">
        {through ? <p className="text-base text-muted-foreground">This payment pays through {dayText(through)}.</p> : null}
        <PaymentFields form={form} pending={record.isPending} wide anniversary={anniversary} />
      </form>
    </section>
  );
}
