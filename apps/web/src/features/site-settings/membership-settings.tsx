import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));

/**
 * The Membership section of Settings (decision 0065): the renewal calendar the dues status is derived
 * from, the renewal link and amount, the reminders, and the honor roll switch. Its own component, so
 * other sections of the settings form grow beside it.
 */
export function MembershipSettingsSection<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const name = (field: string) => `membership.${field}` as FieldPath<T>;
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-navy-800">Membership year</legend>
        <p className="-mt-2 text-base text-muted-foreground">
          Members are due once renewals for next year open, and lapsed the day after grace ends. Life Members are never due.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('renewalOpensMonth')} label="Renewals for next year open in" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('renewalOpensDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('graceEndsMonth')} label="Grace ends in" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('graceEndsDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
        </div>
        <TextField
          form={form}
          name={name('renewalUrl')}
          label="Renewal link"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={500}
          description="The national organisation's renewal page, or the post's own payment page. Shown in the member portal and in reminders."
        />
        <div className="max-w-xs">
          <TextField
            form={form}
            name={name('duesAmount')}
            label="Yearly dues ($)"
            inputMode="decimal"
            placeholder="Optional"
            description="Stated in reminders when set."
          />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-navy-800">Renewal reminders</legend>
        <p className="-mt-2 text-base text-muted-foreground">
          E-mailed to members who are due, once per reminder; never to deceased or inactive members, or to members who turned reminders off.
        </p>
        <SwitchField control={form.control} name={name('remindAtOpening')} label="When renewals open" />
        <div className="max-w-xs">
          <TextField
            form={form}
            name={name('remindDaysBeforeGraceEnds')}
            label="Days before grace ends"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            description="0 sends no reminder before grace ends."
          />
        </div>
        <SwitchField control={form.control} name={name('remindAtLapse')} label="On lapse" />
        <SwitchField
          control={form.control}
          name={name('remindersAutomatic')}
          label="Send reminders automatically"
          description="Off: each batch waits on the Renewals screen until you choose Send reminders now."
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-navy-800">Post Everlasting</legend>
        <SwitchField
          control={form.control}
          name={name('honorRoll')}
          label="Show the honor roll"
          description="The public Honor Roll page of departed members, linked from the footer."
        />
      </fieldset>
    </>
  );
}
