import type * as React from 'react';
import { useFieldArray } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { RequiredMark } from '../../components/form/required-mark.tsx';
import type { Form, FormIn } from './site-settings-form.tsx';

// The settings page's sections and repeating rows.

/** A titled group of the settings form. */
export function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold text-navy-800">{title}</legend>
      {description ? <p className="-mt-2 text-base text-muted-foreground">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/**
 * "Label" on screen ("Label 3" for screen readers, so every row's fields have their own name). On wider
 * screens the rows line up as a table and only the first row shows its labels.
 */
export function RowLabel({ text, item, n, required, compact }: { text: string; item: string; n: number; required?: boolean; compact?: boolean }) {
  const visible = n > 1 ? (compact ? 'sr-only' : 'sm:sr-only') : undefined;
  return (
    <>
      <span className={visible}>{text}</span>
      <span className="sr-only">
        {' '}
        ({item} {n})
      </span>
      {required ? (
        <span className={visible}>
          {' '}
          <RequiredMark />
        </span>
      ) : null}
    </>
  );
}

export function OfficeSection({ form, name, title }: { form: Form; name: 'countyOffice' | 'stateOffice'; title: string }) {
  return (
    <Section title={title} description="Shown under Local Resources on the Veteran Resources page.">
      <TextField form={form} name={`${name}.name`} label="Name" maxLength={200} />
      <TextField form={form} name={`${name}.address`} label="Address" maxLength={300} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={`${name}.phone`} label="Phone" type="tel" maxLength={30} />
        <TextField form={form} name={`${name}.hours`} label="Hours" maxLength={200} />
      </div>
      <TextField form={form} name={`${name}.url`} label="Website" type="url" inputMode="url" placeholder="https://" maxLength={500} />
    </Section>
  );
}

export function LinkList({
  form,
  name,
  max,
  addLabel,
  item,
}: {
  form: Form;
  name: 'socialLinks' | 'nationalLinks';
  max: number;
  addLabel: string;
  item: string;
}) {
  return (
    <RowList form={form} name={name} max={max} addLabel={addLabel} itemLabel={item} newRow={{ label: '', url: '' }}>
      {(i) => (
        <>
          <TextField form={form} name={`${name}.${i}.label`} label={<RowLabel text="Label" item={item} n={i + 1} required />} aria-required maxLength={100} />
          <TextField
            form={form}
            name={`${name}.${i}.url`}
            label={<RowLabel text="URL" item={item} n={i + 1} />}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
          />
        </>
      )}
    </RowList>
  );
}

/** Rows of two fields with Remove buttons and an Add button, up to `max` rows. */
function RowList<N extends 'postHours' | 'socialLinks' | 'nationalLinks'>({
  form,
  name,
  max,
  addLabel,
  itemLabel,
  newRow,
  children,
}: {
  form: Form;
  name: N;
  max: number;
  addLabel: string;
  itemLabel: string;
  newRow: FormIn[N][number];
  children: (index: number) => React.ReactNode;
}) {
  const rows = useFieldArray({ control: form.control, name: name as 'socialLinks' });
  return (
    <div className="space-y-3">
      {rows.fields.length === 0 ? <p className="text-base text-muted-foreground">None yet.</p> : null}
      <ol className="space-y-3">
        {rows.fields.map((row, i) => (
          <li
            key={row.id}
            className="grid items-end gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:gap-y-0 sm:rounded-none sm:border-0 sm:p-0"
          >
            {children(i)}
            <Button type="button" variant="danger" onClick={() => rows.remove(i)} aria-label={`Remove ${itemLabel} ${i + 1}`}>
              <Trash2Icon aria-hidden="true" />
              <span className="sm:sr-only">Remove</span>
            </Button>
          </li>
        ))}
      </ol>
      {rows.fields.length < max ? (
        <Button type="button" variant="secondary" onClick={() => rows.append(newRow as FormIn['socialLinks'][number])}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}
