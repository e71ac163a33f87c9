import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { reportingMessages } from '@post/contracts/messages/reporting';
import type { ReportForm } from '@post/contracts/reporting';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { FormLineFields, KINDS, LineValues, toLine, toLineValues } from './report-form-line.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const schema = z.object({
  name: z.string().trim().min(1, reportingMessages.nameRequired).max(200),
  yearStartMonth: z.string().regex(/^([1-9]|1[0-2])$/, reportingMessages.yearStart),
  capHours: z.string().regex(/^(|[1-9]\d{0,6})$/, 'Leave it blank, or give whole hours from 1.'),
  lines: z.array(LineValues).min(1, 'Keep at least one line.'),
});
export type FormValues = z.input<typeof schema>;

/**
 * A report form's lines as an administrator changes them (issue 60, decisions 0085, 0094): each
 * line's item number, label, kind and rule, the year start and the VFW's cap, so a department's
 * variant fits. Saves on its own, apart from the settings above.
 */
export function ReportFormsEditor() {
  const forms = trpc.reports.forms.useQuery();
  const [key, setKey] = useState<string | null>(null);
  const chosen = forms.data?.find((f) => f.key === key) ?? forms.data?.[0];
  return (
    <section aria-labelledby="report-forms-heading" className="mt-10 space-y-4 border-t pt-8">
      <h2 id="report-forms-heading" className="text-xl font-bold text-navy-800">
        Report forms
      </h2>
      <p className="text-base text-muted-foreground">
        The lines of each form the Service Report fills in. Correct a line&apos;s item number or label to match your department&apos;s copy of the form, or
        change which records it counts. A form saves on its own.
      </p>
      {forms.isError ? (
        <p role="alert">Could not load the report forms.</p>
      ) : !forms.data ? (
        <p>Loading…</p>
      ) : forms.data.length === 0 || !chosen ? (
        <p className="rounded-md border border-dashed p-3 text-base text-muted-foreground">No report forms.</p>
      ) : (
        <>
          <div className="max-w-md">
            <label htmlFor="report-form-choice" className="mb-1 block text-base font-semibold">
              Form
            </label>
            <select id="report-form-choice" className={selectClass} value={chosen.key} onChange={(e) => setKey(e.currentTarget.value)}>
              {forms.data.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.name}
                </option>
              ))}
            </select>
          </div>
          <FormEditor key={`${chosen.key}`} form={chosen} />
        </>
      )}
    </section>
  );
}

function FormEditor({ form: saved }: { form: ReportForm }) {
  const utils = trpc.useUtils();
  const save = trpc.reports.updateForm.useMutation();
  const { units, countKinds } = useSiteSettings().data.reporting;
  const categories = trpc.serviceHours.categories.useQuery();
  const toValues = (f: ReportForm): FormValues => ({
    name: f.name,
    yearStartMonth: String(f.yearStartMonth),
    capHours: f.capHours === null ? '' : String(f.capHours),
    lines: f.lines.map(toLineValues),
  });
  const form = useForm<FormValues, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: toValues(saved) });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const labels = useWatch({ control: form.control, name: 'lines' });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const next = await save.mutateAsync({
        key: saved.key,
        name: v.name,
        yearStartMonth: Number(v.yearStartMonth),
        excludedCategoryIds: saved.excludedCategoryIds,
        capHours: v.capHours === '' ? null : Number(v.capHours),
        lines: v.lines.map(toLine),
      });
      toast.success('Report form saved', { description: next.name });
      form.reset(toValues(next));
      await utils.reports.forms.invalidate();
    } catch (err) {
      toastSaveError(err, 'Could not save the report form.');
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Lines of ${saved.name}`} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="name" label="Name" required maxLength={200} />
        <SelectField form={form} name="yearStartMonth" label="Year starts in" options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))} />
        <TextField
          form={form}
          name="capHours"
          label="Hours cap per organisation"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          description="Blank: none. The VFW flags over 1,000."
        />
      </div>
      <ol className="space-y-3" aria-label="Lines">
        {lines.fields.map((row, i) => (
          <li key={row.id}>
            <FormLineFields
              form={form}
              index={i}
              title={labels?.[i]?.label || `Line ${i + 1}`}
              item={labels?.[i]?.item ?? ''}
              kinds={KINDS}
              units={units}
              countKinds={countKinds}
              categories={categories.data ?? []}
              onRemove={() => lines.remove(i)}
            />
          </li>
        ))}
      </ol>
      {form.formState.errors.lines?.root?.message || form.formState.errors.lines?.message ? (
        <p role="alert" className="font-semibold text-destructive">
          {form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="button"
          variant="secondary"
          className="min-h-11"
          onClick={() =>
            lines.append(
              toLineValues({
                key: `line-${Date.now().toString(36)}`,
                item: '',
                label: '',
                kind: 'hours',
                categories: 'all',
                units: null,
                membersOnly: true,
                fields: [],
                count: null,
              }),
            )
          }
        >
          <PlusIcon aria-hidden="true" />
          Add a line
        </Button>
        <Button type="submit" className="min-h-11" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          {form.formState.isSubmitting ? 'Saving...' : 'Save this form'}
        </Button>
      </div>
    </form>
  );
}
