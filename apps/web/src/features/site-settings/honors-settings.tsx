import { useFieldArray, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { PINNED_HONOR_ROLES, type HonorsSettings } from '@post/contracts/honors-settings';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';

type HonorsForm = UseFormReturn<{ honors: HonorsSettings }>;
const pinned = (key: string) => (PINNED_HONOR_ROLES as readonly string[]).includes(key);

/** A list-level message (a pinned role removed, a key twice), wherever the resolver put it. */
function listError(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/**
 * The Funeral honors section of Settings (issue 62, decision 0095): the honor-guard roles members
 * are qualified for, and the detail template (how many of each role a detail needs) that accepting
 * a request turns into shifts. The six pinned roles keep their keys; their labels may change.
 */
export function HonorsSettingsSection<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const f = form as unknown as HonorsForm;
  const roles = useFieldArray({ control: f.control, name: 'honors.roles' });
  const template = useFieldArray({ control: f.control, name: 'honors.template' });
  const current = useWatch({ control: f.control, name: 'honors.roles' }) ?? [];
  const roleOptions = current.filter((r) => r.key).map((r) => ({ value: r.key, label: r.label || r.key }));
  const errors = f.formState.errors.honors;
  const rolesError = listError(errors?.roles);
  return (
    <fieldset className="space-y-6">
      <legend className="text-xl font-bold text-navy-800">Funeral honors</legend>
      <p className="-mt-2 text-base text-muted-foreground">
        The roles of the post&apos;s honor guard, set on each qualified member, and the detail a request becomes when accepted: one shift per line.
      </p>
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">Honor-guard roles</legend>
        <ul className="space-y-2" aria-label="Honor-guard roles">
          {roles.fields.map((r, i) => (
            <li key={r.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-end gap-2">
              {pinned(r.key) ? (
                <div className="space-y-1">
                  <p className="text-sm font-semibold">Key</p>
                  <p className="flex min-h-11 items-center font-mono text-base">{r.key}</p>
                </div>
              ) : (
                <TextField
                  form={f}
                  name={`honors.roles.${i}.key`}
                  label="Key"
                  maxLength={30}
                  description={i === roles.fields.length - 1 ? 'Such as color-guard' : undefined}
                />
              )}
              <TextField form={f} name={`honors.roles.${i}.label`} label={`Label of ${r.key || `role ${i + 1}`}`} maxLength={60} />
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-11"
                aria-label={`Remove role ${r.key || i + 1}`}
                disabled={pinned(r.key)}
                title={pinned(r.key) ? 'This role is kept: its key is pinned' : undefined}
                onClick={() => roles.remove(i)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        {rolesError ? (
          <p role="alert" className="text-sm text-flag-red-800">
            {rolesError}
          </p>
        ) : null}
        <Button type="button" variant="outline" onClick={() => roles.append({ key: '', label: '' })} disabled={roles.fields.length >= 30}>
          <PlusIcon aria-hidden="true" />
          Add a role
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">Detail template</legend>
        <p className="text-base text-muted-foreground">
          How many of each role a detail needs. Sources differ on the firing party: three, five or seven rifles.
        </p>
        <ul className="space-y-2" aria-label="Detail template">
          {template.fields.map((t, i) => (
            <li key={t.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] items-end gap-2">
              <SelectField form={f} name={`honors.template.${i}.role`} label={`Role, line ${i + 1}`} options={roleOptions} />
              <TextField form={f} name={`honors.template.${i}.count`} label="How many" type="number" inputMode="numeric" min={0} max={50} step={1} />
              <Button type="button" variant="outline" size="icon" className="size-11" aria-label={`Remove line ${i + 1}`} onClick={() => template.remove(i)}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        {listError(errors?.template) ? (
          <p role="alert" className="text-sm text-flag-red-800">
            {listError(errors?.template)}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          onClick={() => template.append({ role: roleOptions[0]?.value ?? 'rifle', count: 1 })}
          disabled={template.fields.length >= 30}
        >
          <PlusIcon aria-hidden="true" />
          Add a line
        </Button>
      </fieldset>
      <div className="max-w-xs">
        <TextField
          form={f}
          name="honors.detailHours"
          label="A detail lasts (hours)"
          type="number"
          inputMode="decimal"
          min={0.5}
          max={12}
          step={0.5}
          description="From the service's start: the length of each shift."
        />
      </div>
    </fieldset>
  );
}
