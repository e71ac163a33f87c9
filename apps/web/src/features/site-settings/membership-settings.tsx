import { useFieldArray, useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { DUES_BASES, DUES_BASIS_LABELS } from '@post/contracts/membership-settings';
import { renewalCalendar, type MembershipSettings } from '@post/contracts/membership-defaults';
import { addDays, dayText, duesDates } from '@post/contracts/rules/dues';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';

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
          As the American Legion keeps it: renewals for next year open in July; a member unpaid for the year begun is delinquent on January 1, suspended the day
          after grace ends, and dropped on June 30. Life Members (Paid Up For Life) never renew.
        </p>
        <fieldset className="space-y-1">
          <legend className="text-base font-semibold">Dues run for</legend>
          {/* Two choices spelled out in full, which a phone's select would cut short. */}
          {DUES_BASES.map((b) => (
            <label key={b} className="flex min-h-11 cursor-pointer items-center gap-3 text-base">
              <input type="radio" value={b} className="size-5 shrink-0 accent-navy-800" {...form.register(name('duesBasis'))} />
              {DUES_BASIS_LABELS[b]}
            </label>
          ))}
        </fieldset>
        <AnniversaryExample form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('renewalOpensMonth')} label="Renewals for next year open in" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('renewalOpensDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('delinquentMonth')} label="Unpaid members are delinquent from" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('delinquentDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('graceEndsMonth')} label="Grace ends (suspended the next day) in" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('graceEndsDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
            <SelectField form={form} name={name('droppedMonth')} label="Unpaid members are dropped on" options={MONTH_OPTIONS} />
            <TextField form={form} name={name('droppedDay')} label="Day" type="number" inputMode="numeric" min={1} max={31} step={1} />
          </div>
        </div>
        <RenewalTargets form={form} />
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
          E-mailed to members whose renewal is open, once per reminder, and written when sent: a member who has since paid, died, become inactive or turned
          reminders off is not sent one.
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

/**
 * Under anniversary dues, what the dates below mean for one member (decision 0098): each counted
 * from the member's own day paid through as it is from December 31.
 */
function AnniversaryExample<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const f = form as unknown as UseFormReturn<{ membership: MembershipSettings }>;
  const m = useWatch({ control: f.control, name: 'membership' });
  if (m?.duesBasis !== 'anniversary') return null;
  const cal = renewalCalendar({ ...m, ...numbers(m) });
  const valid = Object.values(numbers(m)).every((n) => Number.isInteger(n) && n >= 1 && n <= 31);
  const paid = `${new Date().getFullYear() + 1}-03-14`;
  const d = valid ? duesDates(paid, cal) : null;
  return (
    <p className="rounded-md border bg-muted/40 p-3 text-base" aria-live="polite">
      Each member’s dates count from the day they are paid through, as the calendar year’s count from December 31.
      {d
        ? ` For a member paid through ${dayText(paid)}: renewal opens ${dayText(d.opens)}, delinquent ${dayText(d.delinquent)}, suspended ${dayText(addDays(d.graceEnds, 1))}, dropped ${dayText(d.dropped)}.`
        : ''}
    </p>
  );
}

/** The calendar's months and days as numbers (a form holds what was typed). */
function numbers(m: MembershipSettings) {
  const n = (v: unknown) => Number(v);
  return {
    renewalOpensMonth: n(m.renewalOpensMonth),
    renewalOpensDay: n(m.renewalOpensDay),
    delinquentMonth: n(m.delinquentMonth),
    delinquentDay: n(m.delinquentDay),
    graceEndsMonth: n(m.graceEndsMonth),
    graceEndsDay: n(m.graceEndsDay),
    droppedMonth: n(m.droppedMonth),
    droppedDay: n(m.droppedDay),
  };
}

/** The department's renewal targets (decision 0086): percent renewed by a day of the drive. */
function RenewalTargets<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const f = form as unknown as UseFormReturn<{ membership: { renewalTargets: { month: number; day: number; percent: number }[] } }>;
  const targets = useFieldArray({ control: f.control, name: 'membership.renewalTargets' });
  const error = f.formState.errors.membership?.renewalTargets;
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Department renewal targets</legend>
      <p className="text-base text-muted-foreground">Percent of last year&apos;s members renewed by each date; shown on Renewals and the dashboard.</p>
      <ul className="space-y-2" aria-label="Renewal targets">
        {targets.fields.map((t, i) => (
          <li key={t.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
            <SelectField form={f} name={`membership.renewalTargets.${i}.month`} label="By" options={MONTH_OPTIONS} />
            <TextField form={f} name={`membership.renewalTargets.${i}.day`} label="Day" type="number" inputMode="numeric" min={1} max={31} />
            <TextField form={f} name={`membership.renewalTargets.${i}.percent`} label="%" type="number" inputMode="numeric" min={1} max={100} />
            <Button type="button" variant="outline" size="icon" aria-label={`Remove target ${i + 1}`} onClick={() => targets.remove(i)}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {error?.message ? (
        <p role="alert" className="text-sm text-flag-red-800">
          {error.message}
        </p>
      ) : null}
      <Button type="button" variant="outline" onClick={() => targets.append({ month: 6, day: 1, percent: 100 })} disabled={targets.fields.length >= 12}>
        <PlusIcon aria-hidden="true" />
        Add a target
      </Button>
    </fieldset>
  );
}
