import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { EventFiguresFormSchema, type EventFiguresFormIn, type EventFiguresFormOut, type EventReportFigures } from '@post/contracts/reporting';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

/** An event's figures for the report forms (decision 0085): dollars, who benefited, counts, unit, default miles. */
export function EventFigures({ eventId }: { eventId: number }) {
  const figures = trpc.reports.eventFigures.useQuery({ id: eventId });
  if (!figures.data) return <p className="mt-3">{figures.isError ? 'Could not load the report figures.' : 'Loading…'}</p>;
  return <EventFiguresForm key={eventId} figures={figures.data} />;
}

function EventFiguresForm({ figures }: { figures: EventReportFigures }) {
  const { units, countKinds } = useSiteSettings().data.reporting;
  const utils = trpc.useUtils();
  const save = trpc.reports.setEventFigures.useMutation();
  const form = useForm<EventFiguresFormIn, unknown, EventFiguresFormOut>({
    resolver: zodResolver(EventFiguresFormSchema),
    defaultValues: {
      dollarsGiven: String(figures.dollarsGiven),
      dollarsCost: String(figures.dollarsCost),
      inKindValue: String(figures.inKindValue),
      beneficiary: figures.beneficiary ?? '',
      unit: figures.unit,
      defaultMiles: figures.defaultMiles === null ? '' : String(figures.defaultMiles),
      counts: Object.fromEntries(Object.entries(figures.counts).map(([k, n]) => [k, String(n)])),
    },
  });
  const draft = useFormDraft(form, `event-figures:${figures.id}`);
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: figures.id,
        dollarsGiven: v.dollarsGiven,
        dollarsCost: v.dollarsCost,
        inKindValue: v.inKindValue,
        beneficiary: v.beneficiary || null,
        unit: v.unit,
        defaultMiles: v.defaultMiles === '' ? null : v.defaultMiles,
        counts: Object.fromEntries(Object.entries(v.counts).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)),
      });
      draft.clear();
      form.reset(form.getValues());
      toast.success('Report figures saved');
      await utils.reports.eventFigures.invalidate({ id: figures.id });
    } catch (err) {
      toastSaveError(err, 'Could not save the report figures. Please try again.');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Report figures">
      <DraftNotice draft={draft} />
      <p className="text-base text-muted-foreground">
        What the event gave and cost, for the Consolidated Post Report and the VFW&apos;s report. Whole dollars.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="dollarsGiven" label="Money given ($)" type="number" inputMode="numeric" min={0} step={1} />
        <TextField form={form} name="dollarsCost" label="Cost to the post ($)" type="number" inputMode="numeric" min={0} step={1} />
        <TextField form={form} name="inKindValue" label="Value of goods given ($)" type="number" inputMode="numeric" min={0} step={1} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="beneficiary" label="Who benefited" autoComplete="off" />
        <SelectField form={form} name="unit" label="Unit" options={units.map((u) => ({ value: u.key, label: u.name }))} />
        <TextField
          form={form}
          name="defaultMiles"
          label="Round-trip miles (default at check-out)"
          type="number"
          inputMode="decimal"
          min={0}
          max={5000}
          step={0.1}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
        {countKinds.map((c) => (
          <TextField key={c.key} form={form} name={`counts.${c.key}`} label={c.name} type="number" inputMode="numeric" min={0} step={1} />
        ))}
      </div>
      <Button type="submit" className="min-h-11" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Save report figures'}
      </Button>
    </form>
  );
}
