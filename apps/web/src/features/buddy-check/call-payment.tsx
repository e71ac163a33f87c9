import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { BuddyCheckCall } from '@post/contracts/buddy-check';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { dayText } from '@post/contracts/rules/dues';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { Button } from '@post/ui/components/button';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { PaymentFields, PaymentForm, type PaymentFormIn, type PaymentFormOut } from '../../components/form/payment-fields.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

/** "Paid through 2026" (under anniversary dues "Paid through March 14, 2026"), "Life Member", "No dues recorded": the member's standing on the card. */
function standing(call: BuddyCheckCall): string {
  if (call.lifeMember) return 'Life Member';
  if (call.paidThroughOn) return `Paid through ${dayText(call.paidThroughOn)}`;
  return call.paidThrough == null ? 'No dues recorded' : `Paid through ${call.paidThrough}`;
}

/**
 * A dues payment taken on a Buddy Check call (issue 61 #2, decision 0095): the year after the one
 * paid through (or this year, for a former member coming back), recorded as in the member dialog.
 * Administrators only; a caller in the portal writes it in the note instead.
 */
export function CallPayment({ call, onPaid }: { call: BuddyCheckCall; onPaid: () => Promise<unknown> }) {
  const { timeZone } = usePostFormat();
  // Anniversary dues: a payment pays twelve months, so no year is asked (decision 0098).
  const anniversary = useSiteSettings().data.membership.duesBasis === 'anniversary';
  const record = trpc.members.recordPayment.useMutation();
  const [open, setOpen] = useState(false);
  const today = utcToZoned(new Date(), timeZone).date;
  const thisYear = Number(today.slice(0, 4));
  const nextYear = call.paidThrough == null || call.paidThrough < thisYear - 1 ? thisYear : call.paidThrough + 1;
  const form = useForm<PaymentFormIn, unknown, PaymentFormOut>({
    resolver: zodResolver(PaymentForm),
    defaultValues: { year: anniversary ? '' : String(nextYear), amount: '', method: 'cash', paidOn: today },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await record.mutateAsync({ memberId: call.memberId, ...values });
      toast.success('Payment recorded', {
        description: saved.paidThroughOn ? `${call.name}: paid through ${dayText(saved.paidThroughOn)}` : `${call.name}: paid for ${saved.year}`,
      });
      setOpen(false);
      form.reset({
        year: anniversary ? '' : String(Math.max(saved.year, call.paidThrough ?? saved.year) + 1),
        amount: '',
        method: values.method,
        paidOn: today,
      });
      await onPaid();
    } catch (err) {
      toastSaveError(err, 'The payment was not recorded');
    }
  });
  if (call.lifeMember) return <p className="mt-2 text-base">{standing(call)}</p>;
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap items-center gap-x-3">
        <p className="text-base">{standing(call)}</p>
        <Button type="button" variant="outline" size="sm" className="min-h-11" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Close payment' : 'Record a payment'}
        </Button>
      </div>
      {open ? (
        <form onSubmit={onSubmit} noValidate aria-label={`Payment from ${call.name}`} className="space-y-3 rounded-md border p-3">
          <PaymentFields form={form} pending={record.isPending} anniversary={anniversary} />
        </form>
      ) : null}
    </div>
  );
}
