import { useEffect, useRef } from 'react';
import type * as React from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ServiceEntryFormSchema, type ServiceEntry, type ServiceEntryFormIn, type ServiceEntryFormOut } from '@post/contracts/service-hours';
import { NO_PICTURE } from '@post/contracts/images';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { PictureField } from '../../components/form/image-upload-field.tsx';
import { FormDialog, FormDialogActions, useDialogDirty } from '../../components/form/form-dialog.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useAdminSession } from '../../lib/use-session.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { todayIn } from './format.ts';
import { MemberSearchField } from './member-search-field.tsx';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

/** Add service (no entry) or Edit service (an entry): who, date, hours, miles, category, note, a photo as documentation. */
export function EntryDialog({ open, entry, onOpenChange }: { open: boolean; entry?: ServiceEntry; onOpenChange: (open: boolean) => void }) {
  const forgetDraftRef = useRef<(() => void) | null>(null);
  const onChange = (next: boolean) => {
    if (!next) forgetDraftRef.current?.();
    onOpenChange(next);
  };
  return (
    <FormDialog open={open} onOpenChange={onChange}>
      <DialogContent className="sm:max-w-2xl!">
        <DialogHeader>
          <DialogTitle>{entry ? `Edit service: ${entry.name}` : 'Add service'}</DialogTitle>
          <DialogDescription>Service that had no event, for example a ride to the VA hospital.</DialogDescription>
        </DialogHeader>
        {open ? <EntryForm key={entry?.id ?? 'new'} entry={entry} forgetDraftRef={forgetDraftRef} onDone={() => onChange(false)} /> : null}
      </DialogContent>
    </FormDialog>
  );
}

/** What the report forms ask beside hours (decision 0085): unit, dollars, who benefited, counts. */
function ReportFiguresFields({ form, someoneElse }: { form: UseFormReturn<ServiceEntryFormIn, unknown, ServiceEntryFormOut>; someoneElse: boolean }) {
  const { units, countKinds } = useSiteSettings().data.reporting;
  return (
    <fieldset className="space-y-4 rounded-lg border p-3">
      <legend className="px-1 text-lg font-semibold text-navy-800">For the report forms (optional)</legend>
      {someoneElse ? (
        <SelectField
          form={form}
          name="unit"
          label="Unit"
          description="A member's service counts under the member's own unit."
          options={[{ value: '', label: 'Guest (no unit)' }, ...units.map((u) => ({ value: u.key, label: u.name }))]}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="dollarsGiven" label="Money given ($)" type="number" inputMode="numeric" min={0} step={1} />
        <TextField form={form} name="dollarsCost" label="Cost to the post ($)" type="number" inputMode="numeric" min={0} step={1} />
        <TextField form={form} name="inKindValue" label="Value of goods given ($)" type="number" inputMode="numeric" min={0} step={1} />
      </div>
      <TextField form={form} name="beneficiary" label="Who benefited" autoComplete="off" description="The organisation or people served." />
      <div className="grid gap-4 sm:grid-cols-2">
        {countKinds.map((c) => (
          <TextField key={c.key} form={form} name={`counts.${c.key}`} label={c.name} type="number" inputMode="numeric" min={0} step={1} />
        ))}
      </div>
    </fieldset>
  );
}

function EntryForm({ entry, onDone, forgetDraftRef }: { entry?: ServiceEntry; onDone: () => void; forgetDraftRef: React.RefObject<(() => void) | null> }) {
  const { timeZone } = usePostFormat();
  const utils = trpc.useUtils();
  // The member directory is administrators' only (decision 0081): an editor names the person.
  const isAdministrator = useAdminSession().data?.role === 'administrator';
  const members = trpc.serviceHours.members.useQuery(undefined, { enabled: isAdministrator });
  const categories = trpc.serviceHours.categories.useQuery();
  const create = trpc.serviceHours.create.useMutation();
  const update = trpc.serviceHours.update.useMutation();
  const form = useForm<ServiceEntryFormIn, unknown, ServiceEntryFormOut>({
    // An edit asks why, as an attendance's hours do; the reason goes to the audit log (decision 0094).
    resolver: zodResolver(
      entry
        ? ServiceEntryFormSchema.refine((v) => v.reason !== '', { message: serviceHoursMessages.reasonRequired, path: ['reason'] })
        : ServiceEntryFormSchema,
    ),
    defaultValues: {
      memberId: entry?.memberId ? String(entry.memberId) : '',
      name: entry && !entry.memberId ? entry.name : '',
      serviceDate: entry?.serviceDate ?? todayIn(timeZone),
      hours: entry ? String(entry.hours) : '',
      miles: entry ? String(entry.miles) : '0',
      categoryId: entry ? String(entry.categoryId) : '',
      note: entry?.note ?? '',
      picture: entry?.image ? { image: entry.image, alt: entry.imageAlt ?? '' } : NO_PICTURE,
      unit: entry?.unit ?? '',
      dollarsGiven: String(entry?.dollarsGiven ?? 0),
      dollarsCost: String(entry?.dollarsCost ?? 0),
      inKindValue: String(entry?.inKindValue ?? 0),
      beneficiary: entry?.beneficiary ?? '',
      counts: Object.fromEntries(Object.entries(entry?.counts ?? {}).map(([k, n]) => [k, String(n)])),
      reason: '',
    },
  });
  const draft = useFormDraft(form, `service-entry:${entry?.id ?? 'new'}`);
  useDialogDirty(form.formState.isDirty);
  useEffect(() => {
    forgetDraftRef.current = draft.clear;
    return () => {
      forgetDraftRef.current = null;
    };
  }, [forgetDraftRef, draft.clear]);
  const memberId = useWatch({ control: form.control, name: 'memberId' });

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      memberId: v.memberId ? Number(v.memberId) : null,
      name: v.memberId ? undefined : v.name,
      serviceDate: v.serviceDate,
      hours: v.hours,
      miles: v.miles,
      categoryId: Number(v.categoryId),
      note: v.note,
      imageId: v.picture.image?.id ?? null,
      imageAlt: v.picture.image ? v.picture.alt : null,
      unit: v.memberId || !v.unit ? null : v.unit,
      dollarsGiven: v.dollarsGiven,
      dollarsCost: v.dollarsCost,
      inKindValue: v.inKindValue,
      beneficiary: v.beneficiary || null,
      // Blank and zero counts are left out: only what happened is stored.
      counts: Object.fromEntries(Object.entries(v.counts).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)),
    };
    try {
      if (entry) await update.mutateAsync({ id: entry.id, ...body, reason: v.reason });
      else await create.mutateAsync(body);
      draft.clear();
      toast.success(entry ? 'Service updated' : 'Service added');
      await utils.serviceHours.list.invalidate();
      onDone();
    } catch (err) {
      toastSaveError(err, 'Could not save the service. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={entry ? 'Edit service' : 'Add service'}>
      <DraftNotice draft={draft} />
      <RequiredLegend />
      {/* Found by typing part of the name (decision 0096); an editor, without the directory, names the person. */}
      {isAdministrator ? (
        <MemberSearchField
          members={members.data ?? []}
          value={memberId}
          initialText={entry?.memberId ? entry.name : ''}
          onChange={(id) => form.setValue('memberId', id, { shouldDirty: true })}
        />
      ) : null}
      {memberId === '' ? <TextField form={form} name="name" label="Name" autoComplete="off" required /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="serviceDate" label="Date" type="date" required />
        <TextField form={form} name="hours" label="Hours" type="number" inputMode="decimal" min={0.25} max={24} step={0.25} required />
        <TextField form={form} name="miles" label="Round-trip miles" type="number" inputMode="decimal" min={0} max={5000} step={0.1} />
      </div>
      <SelectField
        form={form}
        name="categoryId"
        label="Category"
        required
        options={[{ value: '', label: 'Choose a category' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
      />
      <TextAreaField form={form} name="note" label="Note" rows={3} description="What was done, for whom: the record an auditor reads." />
      <PictureField control={form.control} name="picture" label="Photo as documentation (optional)" />
      <ReportFiguresFields form={form} someoneElse={memberId === ''} />
      {entry ? (
        <TextField
          form={form}
          name="reason"
          label="Reason for the change"
          autoComplete="off"
          required
          description="For example: the hours were entered twice. Kept in the audit log with the old and new values."
        />
      ) : null}
      <FormDialogActions saving={form.formState.isSubmitting} saveLabel={entry ? 'Save changes' : 'Add service'} />
    </form>
  );
}
