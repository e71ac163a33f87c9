import { useWatch, type FieldPath, type FieldPathValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '@post/ui/components/button';
import { SelectField } from '../../components/form/select-field.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * An event's service category in the event form (decision 0066): a field like the others, so a
 * series' dates all get it and "This and following" carries a change from one date on.
 */
export function ServiceCategoryField<T extends FieldValues>({ form, name, eventType }: { form: UseFormReturn<T>; name: FieldPath<T>; eventType?: string }) {
  const categories = trpc.serviceHours.categories.useQuery();
  const chosen = String(useWatch({ control: form.control, name }) ?? '');
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
  // A fundraiser for the post is not community service on the Consolidated Post Report, which
  // counts service beyond the post's own programs: a reportable category on one gets a nudge,
  // with the not-reportable category a click away (decision 0096).
  const category = categories.data.find((c) => String(c.id) === chosen);
  const notReportable = categories.data.find((c) => !c.reportable);
  const nudge = eventType === 'fundraiser' && category?.reportable === true;
  return (
    <div className="space-y-2">
      <SelectField
        form={form}
        name={name}
        label="Service Category"
        options={options}
        description="The hours of people checked in count under it in the service report; every date of a recurring event gets it."
      />
      {nudge ? (
        <div role="note" aria-label="About fundraisers" className="space-y-2 rounded-lg border border-amber-600/50 bg-amber-50 p-3 text-base text-amber-950">
          <p>
            A fundraiser for the post itself is not community service on the Consolidated Post Report, which counts service to the community beyond the
            post&apos;s own programs. Keep &ldquo;{category.name}&rdquo; only if the volunteers serve the community here (for example, a benefit for a family in
            need).
          </p>
          {notReportable ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => form.setValue(name, String(notReportable.id) as FieldPathValue<T, FieldPath<T>>, { shouldDirty: true })}
            >
              Use &ldquo;{notReportable.name}&rdquo;
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
