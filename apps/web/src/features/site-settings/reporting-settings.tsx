import { useFieldArray, useFormState } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import type { SiteSettingsOutput } from '@post/contracts/site-settings';
import { RowLabel, Section } from './site-settings-sections.tsx';
import type { Form } from './site-settings-form.tsx';

type ListName = 'reporting.units' | 'reporting.countKinds';

/**
 * The units (the Post and its Legion Family) and the count kinds the report forms use (issue 60,
 * decisions 0085, 0094). A saved row's key stays: records carry it; only its name changes.
 */
export function ReportingSettingsSection({ form, saved }: { form: Form; saved: SiteSettingsOutput['reporting'] }) {
  return (
    <Section
      title="Units and counts for the report forms"
      description="Each member, hour, dollar and count belongs to a unit. A VFW post renames or removes the Legion Family units. Saved with the settings."
    >
      <KeyedList
        form={form}
        name="reporting.units"
        title="Units"
        item="unit"
        savedKeys={saved.units.map((u) => u.key)}
        max={20}
        empty="No units: keep at least the Post itself."
        hint="A member's records count under their unit; a walk-in without one is a guest. Removing a unit leaves its members' records without a form line for it."
      />
      <KeyedList
        form={form}
        name="reporting.countKinds"
        title="Count kinds"
        item="count kind"
        savedKeys={saved.countKinds.map((c) => c.key)}
        max={50}
        empty="No count kinds: events and entries carry hours, miles and dollars only."
        hint="What events and ledger entries count besides hours (pints of blood, flags presented). A form's count line names one of these."
      />
    </Section>
  );
}

function KeyedList({
  form,
  name,
  title,
  item,
  savedKeys,
  max,
  empty,
  hint,
}: {
  form: Form;
  name: ListName;
  title: string;
  item: string;
  savedKeys: string[];
  max: number;
  empty: string;
  hint: string;
}) {
  const rows = useFieldArray({ control: form.control, name: name as 'reporting.units' });
  const { errors } = useFormState({ control: form.control, name });
  const listErrors = name === 'reporting.units' ? errors.reporting?.units : errors.reporting?.countKinds;
  const listError = listErrors?.root?.message ?? listErrors?.message;
  const listId = `${name.replace('.', '-')}-list`;
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-base text-muted-foreground">{hint}</p>
      {rows.fields.length === 0 ? <p className="rounded-md border border-dashed p-3 text-base text-muted-foreground">{empty}</p> : null}
      <ol className="space-y-3" aria-label={title} id={listId}>
        {rows.fields.map((row, i) => {
          const kept = savedKeys.includes(form.getValues(`${name}.${i}.key`) ?? '');
          return (
            <li key={row.id} className="grid items-start gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
              <TextField form={form} name={`${name}.${i}.name`} label={<RowLabel text="Name" item={item} n={i + 1} required />} aria-required maxLength={100} />
              <TextField
                form={form}
                name={`${name}.${i}.key`}
                label={<RowLabel text="Key" item={item} n={i + 1} required />}
                aria-required
                maxLength={40}
                readOnly={kept}
                description={kept ? 'Kept: records carry it.' : 'Letters, digits and dashes.'}
              />
              <Button type="button" variant="danger" className="sm:mt-7" onClick={() => rows.remove(i)} aria-label={`Remove ${item} ${i + 1}`}>
                <Trash2Icon aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="font-semibold text-destructive">
          {listError}
        </p>
      ) : null}
      {rows.fields.length < max ? (
        <Button type="button" variant="secondary" className="min-h-11" onClick={() => rows.append({ key: '', name: '' })}>
          <PlusIcon aria-hidden="true" />
          Add a {item}
        </Button>
      ) : null}
    </div>
  );
}
