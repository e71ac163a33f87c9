import { useMemo } from 'react';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import { WalkInFormSchema, type WalkInFormValues } from '@post/contracts/attendance';
import type { DoorList } from '@post/contracts/door';
import { Button } from '@post/ui/components/button';
import { FieldError } from '@post/ui/components/field';
import { TextField } from '../../components/form/text-fields.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';

type Shift = DoorList['shifts'][number];
const EMPTY: WalkInFormValues = { name: '', email: '', phone: '', shiftId: '' };

/**
 * Add a walk-in: name, e-mail or phone if they give one (a member's e-mail links the member), and
 * the shift they work when the event has shifts, so their hours are that shift's (decision 0066).
 */
export function WalkInForm({
  eventId,
  shifts,
  onAdd,
  extra,
}: {
  eventId: number;
  shifts: Shift[];
  /** Fields the page adds before the button (the unit for the report forms, decision 0094). */
  extra?: React.ReactNode;
  onAdd: (v: { name: string; email: string; phone: string; shiftId: number | null; shiftRole: string | null }) => void;
}) {
  const f = usePostFormat();
  const schema = useMemo(
    () =>
      // No shift chosen is a plain "Choose the shift" (the radio group gives null, not text).
      WalkInFormSchema.extend({ shiftId: z.string({ error: attendanceMessages.shiftRequired }) }).superRefine((v, ctx) => {
        if (shifts.length > 0 && !shifts.some((s) => String(s.id) === v.shiftId))
          ctx.addIssue({ code: 'custom', path: ['shiftId'], message: attendanceMessages.shiftRequired });
      }),
    [shifts],
  );
  const form = useForm<WalkInFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const draft = useFormDraft(form, `walk-in:${eventId}`);
  const onSubmit = form.handleSubmit((v) => {
    const shift = shifts.find((s) => String(s.id) === v.shiftId) ?? null;
    onAdd({ name: v.name, email: v.email ?? '', phone: v.phone ?? '', shiftId: shift?.id ?? null, shiftRole: shift?.role ?? null });
    draft.clear();
    form.reset(EMPTY);
  });
  const shiftError = form.formState.errors.shiftId?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add a walk-in">
      <TextField form={form} name="name" label="Name" autoComplete="off" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="email"
          label="Email (optional)"
          type="email"
          autoComplete="off"
          description="A member's e-mail links their hours to them."
        />
        <TextField form={form} name="phone" label="Phone (optional)" type="tel" autoComplete="off" />
      </div>
      {shifts.length > 0 ? (
        <fieldset aria-describedby={shiftError ? 'walk-in-shift-error' : undefined} aria-invalid={shiftError ? true : undefined}>
          <legend className="mb-2 text-base font-semibold">
            Shift<span aria-hidden="true"> *</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {shifts.map((s) => (
              <label
                key={s.id}
                className="flex min-h-11 items-center gap-3 rounded-md border px-3 py-2 text-base has-[:checked]:border-navy-600 has-[:checked]:bg-navy-50"
              >
                <input type="radio" value={String(s.id)} {...form.register('shiftId')} className="size-5 shrink-0 accent-navy-700" />
                <span>
                  <span className="font-semibold">{s.role}</span>, {f.time(s.startDate)} to {f.time(s.endDate)}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="walk-in-shift-error" className="mt-1">
            {shiftError}
          </FieldError>
        </fieldset>
      ) : null}
      {extra}
      <Button type="submit" className="min-h-11">
        <UserPlusIcon aria-hidden="true" />
        Add and check in
      </Button>
    </form>
  );
}
