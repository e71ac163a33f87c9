import { useState } from 'react';
import type * as React from 'react';
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { Trash2Icon } from 'lucide-react';
import { z } from 'zod';
import { reportingMessages } from '@post/contracts/messages/reporting';
import type { FormLine } from '@post/contracts/reporting';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import type { FormValues } from './report-forms-editor.tsx';

export const KINDS = [
  { value: 'hours', label: 'Hours' },
  { value: 'dollars', label: 'Dollars' },
  { value: 'count', label: 'Count' },
  { value: 'miles', label: 'Miles' },
];
const DOLLAR_FIELDS = [
  { value: 'dollarsGiven', label: 'Money given' },
  { value: 'dollarsCost', label: 'Cost to the post' },
  { value: 'inKindValue', label: 'Value of goods given' },
  { value: 'milesValue', label: 'Miles at the mileage rate' },
];

/** One line as the editor holds it: the rule's choices as radio buttons and checkboxes. */
export const LineValues = z
  .object({
    key: z.string(),
    item: z.string().trim().max(20, 'At most 20 characters.'),
    label: z.string().trim().min(1, reportingMessages.labelRequired).max(200, 'At most 200 characters.'),
    kind: z.enum(['hours', 'dollars', 'count', 'miles']),
    catMode: z.enum(['all', 'rest', 'list']),
    categoryIds: z.array(z.string()),
    unitMode: z.enum(['all', 'list']),
    units: z.array(z.string()),
    membersOnly: z.boolean(),
    fields: z.array(z.string()),
    count: z.string(),
  })
  .refine((l) => l.catMode !== 'list' || l.categoryIds.length > 0, { message: 'Choose at least one category.', path: ['categoryIds'] })
  .refine((l) => l.unitMode !== 'list' || l.units.length > 0, { message: 'Choose at least one unit.', path: ['units'] })
  .refine((l) => l.kind !== 'count' || l.count !== '', { message: reportingMessages.countRequired, path: ['count'] })
  .refine((l) => l.kind !== 'dollars' || l.fields.length > 0, { message: reportingMessages.fieldsRequired, path: ['fields'] });
type Line = z.infer<typeof LineValues>;

// RHF gives one checked box of a group as a string and none as false: always a list here.
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

export function toLineValues(l: FormLine): Line {
  return {
    key: l.key,
    item: l.item,
    label: l.label,
    kind: l.kind,
    catMode: Array.isArray(l.categories) ? 'list' : l.categories,
    categoryIds: Array.isArray(l.categories) ? l.categories.map(String) : [],
    unitMode: l.units === null ? 'all' : 'list',
    units: l.units ?? [],
    membersOnly: l.membersOnly,
    fields: l.fields,
    count: l.count ?? '',
  };
}

export function toLine(v: Line): FormLine {
  return {
    key: v.key,
    item: v.item,
    label: v.label,
    kind: v.kind,
    categories: v.catMode === 'list' ? list(v.categoryIds).map(Number) : v.catMode,
    units: v.unitMode === 'all' ? null : list(v.units),
    membersOnly: v.membersOnly,
    fields: v.kind === 'dollars' ? (list(v.fields) as FormLine['fields']) : [],
    count: v.kind === 'count' ? v.count : null,
  };
}

/** One line: item number, label, kind, and its rule (categories, units, members only, dollar fields or count). */
export function FormLineFields({
  form,
  index: i,
  title,
  item,
  kinds,
  units,
  countKinds,
  categories,
  onRemove,
}: {
  form: UseFormReturn<FormValues, unknown, unknown>;
  index: number;
  title: string;
  item: string;
  kinds: { value: string; label: string }[];
  units: { key: string; name: string }[];
  countKinds: { key: string; name: string }[];
  categories: { id: number; name: string }[];
  onRemove: () => void;
}) {
  const f = form as unknown as UseFormReturn<FormValues>;
  const p = `lines.${i}` as const;
  const line = useWatch({ control: f.control, name: p });
  const errors = get(form.formState.errors, p) as Record<string, { message?: string }> | undefined;
  const err = (k: string) => errors?.[k]?.message;
  // A line with an error opens itself, and stays open once the error is fixed while the person types on.
  const [open, setOpen] = useState(false);
  return (
    <details open={open || !!errors} onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-lg border p-3 open:bg-card">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 text-base font-semibold">
        {item ? <span className="text-muted-foreground">#{item}</span> : null}
        <span className="min-w-0 break-words">{title}</span>
        <span className="text-sm font-normal text-muted-foreground">({kinds.find((k) => k.value === line?.kind)?.label})</span>
      </summary>
      <div className="mt-3 space-y-4">
        <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_10rem]">
          <TextField form={f} name={`${p}.item`} label="Item number" maxLength={20} />
          <TextField form={f} name={`${p}.label`} label="Label" required maxLength={200} />
          <SelectField form={f} name={`${p}.kind`} label="Kind" options={kinds} />
        </div>
        <Choices legend="Categories" error={err('categoryIds')}>
          <Radio form={f} name={`${p}.catMode`} value="all" label="Every reportable category" />
          <Radio form={f} name={`${p}.catMode`} value="rest" label="Those no other hours line names" />
          <Radio form={f} name={`${p}.catMode`} value="list" label="These:" />
          {line?.catMode === 'list' ? categories.map((c) => <Check key={c.id} form={f} name={`${p}.categoryIds`} value={String(c.id)} label={c.name} />) : null}
        </Choices>
        <Choices legend="Units" error={err('units')}>
          <Radio form={f} name={`${p}.unitMode`} value="all" label="Every unit (not guests)" />
          <Radio form={f} name={`${p}.unitMode`} value="list" label="These:" />
          {line?.unitMode === 'list' ? units.map((u) => <Check key={u.key} form={f} name={`${p}.units`} value={u.key} label={u.name} />) : null}
        </Choices>
        {line?.kind === 'hours' || line?.kind === 'miles' ? (
          <label className="flex min-h-11 items-center gap-2 text-base">
            <input type="checkbox" className="size-5" {...f.register(`${p}.membersOnly`)} />
            Members only (leave out walk-ins and guests who are not members)
          </label>
        ) : null}
        {line?.kind === 'dollars' ? (
          <Choices legend="Dollars of" error={err('fields')}>
            {DOLLAR_FIELDS.map((d) => (
              <Check key={d.value} form={f} name={`${p}.fields`} value={d.value} label={d.label} />
            ))}
          </Choices>
        ) : null}
        {line?.kind === 'count' ? (
          <SelectField
            form={f}
            name={`${p}.count`}
            label="Count kind"
            options={[{ value: '', label: 'Choose a count kind' }, ...countKinds.map((c) => ({ value: c.key, label: c.name }))]}
          />
        ) : null}
        <Button type="button" variant="danger" onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
          Remove this line<span className="sr-only">: {title}</span>
        </Button>
      </div>
    </details>
  );
}

function Choices({ legend, error, children }: { legend: string; error?: string; children: React.ReactNode }) {
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-base font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-x-4">{children}</div>
      {error ? (
        <p role="alert" className="mt-1 font-semibold text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Radio({
  form,
  name,
  value,
  label,
}: {
  form: UseFormReturn<FormValues>;
  name: `lines.${number}.${'catMode' | 'unitMode'}`;
  value: string;
  label: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-base">
      <input type="radio" className="size-5" value={value} {...form.register(name)} />
      {label}
    </label>
  );
}

function Check({
  form,
  name,
  value,
  label,
}: {
  form: UseFormReturn<FormValues>;
  name: `lines.${number}.${'categoryIds' | 'units' | 'fields'}`;
  value: string;
  label: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-base">
      <input type="checkbox" className="size-5" value={value} {...form.register(name)} />
      {label}
    </label>
  );
}
