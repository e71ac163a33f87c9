import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { ShiftFormSchema, shiftFromForm } from '@post/contracts/shifts';
import { ShiftsField } from './shifts-field.tsx';
import { EventFormSchema, MAX_VOLUNTEER_POSITIONS, type EventScope } from '@post/contracts/events';
import { EVENT_TYPES, type EventType } from '@post/contracts/enums/event-type';
import { labelOf } from '@post/contracts/enums/label';
import { eventMessages } from '@post/contracts/messages/events';
import { endTimeAfterStart, zonedToUtc } from '@post/contracts/rules/event-time';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { addDays } from '../../components/form/dates.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { NotifyVolunteersField } from './notify-volunteers.tsx';
import { ServiceCategoryField } from '../service-hours/service-category-field.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { FormPictureSchema, NO_PICTURE, type FormPicture } from '@post/contracts/images';
import { PictureField } from '../../components/form/image-upload-field.tsx';
import { RepeatField } from './repeat-field.tsx';
import { checkRepeat, RepeatFormSchema, toRecurrence } from './repeat-rule.ts';
import { SeriesScopeDialog } from './series-scope-dialog.tsx';

// The form's own rule on top of the contract: the end may not come before the start. The picture
// is a field of the form, so its draft keeps it (issue 22); so is "Repeats" (issue 20).
const schema = EventFormSchema.extend({
  picture: FormPictureSchema,
  repeat: RepeatFormSchema,
  shifts: z.array(ShiftFormSchema),
  serviceCategoryId: z.string(),
}).superRefine((v, ctx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endBeforeStart });
  else if (v.endDate === v.startDate && v.endTime < v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: eventMessages.endBeforeStart });
  checkRepeat(v.repeat, v.startDate, ctx);
});
type FormIn = z.input<typeof schema>;
/** The form's values as typed and as checked (the shifts field's types). */
export type EventFormIn = FormIn;
export type EventFormOut = FormOut;
/** The event's own values, before its picture is added. */
export type EventValues = Omit<FormIn, 'picture'>;
type FormOut = z.output<typeof schema>;

const TYPE_OPTIONS = EVENT_TYPES.map((t) => ({ value: t, label: labelOf(t) }));

/** The event form itself: its fields, the scope question for a date of a series, and the save. */
export function EventForm({
  id,
  draftKey,
  seriesId,
  initial,
  timeZone,
  picture: saved,
  volunteers = 0,
}: {
  id?: number;
  draftKey: string;
  seriesId: number | null;
  initial: EventValues;
  timeZone: string;
  picture?: FormPicture;
  volunteers?: number;
}) {
  const [notifyVolunteers, setNotifyVolunteers] = useState(true);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.events.create.useMutation();
  const update = trpc.events.update.useMutation();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(schema), defaultValues: { ...initial, picture: saved ?? NO_PICTURE } });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, `event:${draftKey}`);
  // An occurrence of a series asks "This event" / "This and following events" before saving.
  const [scopeFor, setScopeFor] = useState<FormOut | null>(null);
  const { setValue } = form;
  // With shifts, the positions are the shifts' places: shown, not typed (decision 0087).
  const shiftRows = useWatch({ control: form.control, name: 'shifts' });
  const eventType = useWatch({ control: form.control, name: 'type' });
  const shiftPlaces = shiftRows.reduce((sum, sh) => sum + (Number(sh.capacity) || 0), 0);

  const save = async (v: FormOut, scope: EventScope) => {
    const recurrence = toRecurrence(v.repeat, v.startDate);
    const body = {
      imageId: v.picture.image?.id ?? null,
      imageAlt: v.picture.image ? v.picture.alt : null,
      title: v.title,
      description: v.description,
      location: v.location,
      startDate: zonedToUtc(v.startDate, v.startTime, timeZone).toISOString(),
      endDate: zonedToUtc(v.endDate, v.endTime, timeZone).toISOString(),
      type: v.type as EventType,
      volunteerPositions: v.volunteerPositions,
      serviceCategoryId: v.serviceCategoryId ? Number(v.serviceCategoryId) : null,
      // Matched by id on the server (decision 0064); [] removes an event's shifts.
      shifts: v.shifts.map((sh) => shiftFromForm(sh, timeZone)),
    };
    try {
      if (id === undefined) await create.mutateAsync({ ...body, recurrence });
      // scope=this detaches the occurrence, so its series' rule is not sent.
      else if (seriesId !== null) await update.mutateAsync({ id, ...body, scope, notifyVolunteers, ...(scope === 'following' ? { recurrence } : {}) });
      else await update.mutateAsync({ id, ...body, recurrence, notifyVolunteers });
    } catch (err) {
      toastSaveError(err, eventMessages.saveFailed);
      return;
    }
    draft.clear();
    toast.success(id === undefined ? eventMessages.created : eventMessages.updated);
    await Promise.all([utils.events.invalidate(), utils.volunteers.invalidate()]);
    allowLeave();
    await navigate({ to: '/admin' });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    if (seriesId !== null) return setScopeFor(v);
    await save(v, 'this');
  });

  // The spec's rules (§4) react to what the person types, not to values set here.
  useEffect(() => {
    const set = (name: 'endDate' | 'endTime', value: string) => setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // subscribe, not watch(callback): the same notices without the render-time API React's compiler cannot follow (decision 0067).
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name, type }) => {
        // A person's edit carries its DOM event's type ('change' under React's onChange); values set
        // here carry none.
        if (type === undefined) return;
        if (name === 'startDate' && values.startDate) {
          // Picking a start date moves the end date with it.
          set('endDate', values.startDate);
        } else if (name === 'startTime') {
          // A new start time puts the end 30 minutes later, wrapping past midnight...
          const start = values.startTime ?? '';
          const endTime = endTimeAfterStart(start);
          set('endTime', endTime);
          // ...and then the end falls on the next day.
          if (endTime && endTime < start && values.startDate && values.endDate === values.startDate) set('endDate', addDays(values.startDate, 1));
        }
      },
    });
  }, [form, setValue]);

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={id === undefined ? 'New event' : 'Edit event'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required maxLength={255} />
        <TextAreaField form={form} name="description" label="Description" required rows={5} />
        <PictureField control={form.control} name="picture" />
        <TextField form={form} name="location" label="Location" required maxLength={255} />
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold">When</legend>
          <p className="text-base text-muted-foreground">Dates and times are in the post&apos;s time zone ({timeZone.replace(/_/g, ' ')}).</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="startDate" label="Start Date" type="date" required />
            <TextField form={form} name="startTime" label="Start Time" type="time" required />
            <TextField form={form} name="endDate" label="End Date" type="date" required />
            <TextField form={form} name="endTime" label="End Time" type="time" required />
          </div>
        </fieldset>
        <RepeatField form={form} occurrence={seriesId !== null} />
        <ShiftsField form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="type" label="Event Type" options={TYPE_OPTIONS} required />
          {shiftRows.length ? (
            <div className="space-y-2">
              <p className="text-base font-semibold">Volunteer Positions</p>
              <p className="text-lg tabular-nums">{shiftPlaces}</p>
              <p className="text-base text-muted-foreground">The places of the shifts above, added up.</p>
            </div>
          ) : (
            <TextField
              form={form}
              name="volunteerPositions"
              label="Volunteer Positions"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_VOLUNTEER_POSITIONS}
              step={1}
              description="How many volunteers can sign up; 0 closes volunteering. Not used when the event has shifts."
            />
          )}
        </div>
        <ServiceCategoryField form={form} name="serviceCategoryId" eventType={eventType} />
        <NotifyVolunteersField count={volunteers} checked={notifyVolunteers} onChange={setNotifyVolunteers} />
        <FormActions
          saving={form.formState.isSubmitting || update.isPending}
          saveLabel={id === undefined ? 'Create Event' : 'Update Event'}
          cancel={{ to: '/admin' }}
        />
      </form>
      <SeriesScopeDialog
        open={scopeFor !== null}
        onOpenChange={(open) => {
          if (!open) setScopeFor(null);
        }}
        title="Change a recurring event"
        description={(scope) =>
          scope === 'this'
            ? 'Only this date changes; it leaves the series and the other dates stay as they are.'
            : 'This date and every later date of the series change; earlier dates stay as they are. Sign-ups stay with their dates.'
        }
        confirmLabel="Save"
        onChoose={async (scope) => {
          const v = scopeFor;
          setScopeFor(null);
          if (v) await save(v, scope);
        }}
      />
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
