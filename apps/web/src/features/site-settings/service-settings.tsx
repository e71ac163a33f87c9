import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/form/text-fields.tsx';
import { ServiceCategoriesEditor } from '../service-hours/categories-editor.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The service report's settings (issue 44, decision 0066): program year, mileage value, the home page's total, volunteers' names in public (decision 0096), the categories. */
export function ServiceSettings<T extends FieldValues>({ form }: { form: UseFormReturn<T, unknown, unknown> }) {
  const name = (n: 'serviceYearStartMonth' | 'mileageRate' | 'showServiceTotal' | 'publicFullNames') => n as FieldPath<T>;
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold text-navy-800">Service hours</legend>
      <p className="-mt-2 text-base text-muted-foreground">For the yearly service report and the home page.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          form={form as unknown as UseFormReturn<T>}
          name={name('serviceYearStartMonth')}
          label="Program year starts in"
          description="June for the American Legion (June 1 to May 31); a VFW department's year may differ."
          options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
        />
        <TextField
          form={form as unknown as UseFormReturn<T>}
          name={name('mileageRate')}
          label="Mileage rate (dollars a mile)"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.01}
          description="The value of a round-trip mile in the report; 0.14 by default."
        />
      </div>
      <SwitchField
        control={(form as unknown as UseFormReturn<T>).control}
        name={name('showServiceTotal')}
        label="Show this year's volunteer hours on the home page"
        description="For example “2,140 volunteer hours served this year”. Off by default."
      />
      <SwitchField
        control={(form as unknown as UseFormReturn<T>).control}
        name={name('publicFullNames')}
        label="Show volunteers' full names on public pages"
        description="Off by default: visitors see a first name and last initial (“Ava W.”). Officers always see full names, e-mail and phone."
      />
      <ServiceCategoriesEditor />
    </fieldset>
  );
}
