import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../components/form/select-field.tsx';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

/**
 * The unit a member's hours, miles and counts go under on the report forms (decision 0085): the
 * units of Settings, and the member's own unit even when Settings no longer lists it.
 */
export function UnitField<T extends FieldValues>({ form, name, current }: { form: UseFormReturn<T>; name: FieldPath<T>; current: string }) {
  const units = useSiteSettings().data.reporting.units;
  const options = units.map((u) => ({ value: u.key, label: u.name }));
  if (!units.some((u) => u.key === current)) options.push({ value: current, label: current });
  return <SelectField form={form} name={name} label="Unit" options={options} />;
}
