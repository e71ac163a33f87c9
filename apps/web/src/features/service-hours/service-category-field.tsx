import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { SelectField, selectClass } from '../../components/form/select-field.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * An event's service category in the event form (decision 0066): a field like the others, so a
 * series' dates all get it and "This and following" carries a change from one date on.
 */
export function ServiceCategoryField<T extends FieldValues>({ form, name }: { form: UseFormReturn<T>; name: FieldPath<T> }) {
  const categories = trpc.serviceHours.categories.useQuery();
  // Mounted with its options, so the select shows the saved category rather than the first option.
  if (!categories.data)
    return (
      <div>
        <label htmlFor="service-category-loading" className="mb-1 block text-base font-semibold">
          Service Category
        </label>
        <select id="service-category-loading" className={selectClass} disabled>
          <option>Loading...</option>
        </select>
      </div>
    );
  const options = [
    { value: '', label: 'No category' },
    ...categories.data.map((c) => ({ value: String(c.id), label: c.reportable ? c.name : `${c.name} (not reportable)` })),
  ];
  return (
    <SelectField
      form={form}
      name={name}
      label="Service Category"
      options={options}
      description="The hours of people checked in count under it in the service report; every date of a recurring event gets it."
    />
  );
}
