import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { Member } from '@post/contracts/members';
import { TextField } from '../../components/form/text-fields.tsx';
import { standingText } from './labels.ts';

/**
 * The member dialog's Paid Through: the membership year, or under anniversary dues the day
 * (`paidThroughOn`; decision 0098). Its description says the member's standing.
 */
export function PaidThroughField<T extends FieldValues>({ form, member, anniversary }: { form: UseFormReturn<T>; member?: Member; anniversary: boolean }) {
  const description = member
    ? `${standingText(member)}${member.continuousYears ? `, ${member.continuousYears} continuous years` : ''}. Blank for a Life Member.`
    : `The ${anniversary ? 'day' : 'membership year'} paid through. Blank for a Life Member.`;
  if (anniversary) return <TextField form={form} name={'paidThroughOn' as FieldPath<T>} label="Paid Through" type="date" description={description} />;
  return (
    <TextField
      form={form}
      name={'paidThrough' as FieldPath<T>}
      label="Paid Through"
      type="number"
      inputMode="numeric"
      min={1900}
      max={2200}
      step={1}
      placeholder={member ? undefined : 'This membership year'}
      description={description}
    />
  );
}
