import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { ShiftFormSchema } from '@post/contracts/shifts';
import { ShiftsField, shiftsToForm } from './shifts-field.tsx';
import { VolunteerList } from './event-volunteers.tsx';
import { DEFAULT_VOLUNTEER_POSITIONS, EventFormSchema, MAX_VOLUNTEER_POSITIONS, type EventScope } from '@post/contracts/events';
import { EVENT_TYPES, labelOf, type EventType } from '@post/contracts/enums';
import { T, TEXT, V } from '@post/contracts/messages';
import { endTimeAfterStart, utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { Page } from '../../layout/page.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { addDays, initialRange } from '../../components/form/dates.ts';
import { BackLink } from '../../components/back-link.tsx';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { NotifyVolunteersField } from './notify-volunteers.tsx';
import { EventServiceSection } from '../service-hours/event-service-section.tsx';
import { ServiceCategoryField } from '../service-hours/service-category-field.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { FormPictureSchema, NO_PICTURE, type FormPicture } from '@post/contracts/images';
import { PictureField } from '../../components/form/image-upload-field.tsx';
import { RepeatField } from './repeat-field.tsx';
import { checkRepeat, NO_REPEAT, RepeatFormSchema, repeatFromRecurrence, toRecurrence } from './repeat-rule.ts';
import { SeriesScopeDialog } from './series-scope-dialog.tsx';
import { DuplicateLink, EventDeleteButton } from './event-row-actions.tsx';

// The form's own rule on top of the contract: the end may not come before the start. The picture
// is a field of the form, so its draft keeps it (issue 22); so is "Repeats" (issue 20).
const schema = EventFormSchema.extend({
  picture: FormPictureSchema,
  repeat: RepeatFormSchema,
  shifts: z.array(ShiftFormSchema),
  serviceCategoryId: z.string(),
}).superRefine((v, ctx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: V.endBeforeStart });
  else if (v.endDate === v.startDate && v.endTime < v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: V.endBeforeStart });
  checkRepeat(v.repeat, v.startDate, ctx);
});
type FormIn = z.input<typeof schema>;
/** The form's values as typed and as checked (the shifts field's types). */
export type EventFormIn = FormIn;
export type EventFormOut = FormOut;
/** The event's own values, before its picture is added. */
type EventValues = Omit<FormIn, 'picture'>;
type FormOut = z.output<typeof schema>;

const TYPE_OPTIONS = EVENT_TYPES.map((t) => ({ value: t, label: labelOf(t) }));

function usePostTimeZone() {
  const q = trpc.siteSettings.get.useQuery();
  return { timeZone: q.data?.timeZone ?? DEFAULT_SITE_SETTINGS.timeZone, ready: !q.isPending };
}

/** Values of a new event: defaults (spec §5), or the range picked on the calendar. */
function newEventValues(timeZone: string, start?: string, end?: string): EventValues {
  return {
    title: '',
    description: '',
    location: '',
    ...initialRange(timeZone, start, end),
    type: 'regular',
    volunteerPositions: DEFAULT_VOLUNTEER_POSITIONS,
    repeat: NO_REPEAT,
    shifts: [],
    serviceCategoryId: '',
  };
}

/**
 * The event form page: create (with an optional calendar range), duplicate another event
 * (`from`: everything but its volunteers, on the same day; issue 20) or edit by id (spec §2).
 */
export function EventFormPage({ id, start, end, from }: { id?: number; start?: string; end?: string; from?: number }) {
  const { timeZone, ready } = usePostTimeZone();
  const navigate = useNavigate();
  const source = id ?? from;
  const event = trpc.events.byId.useQuery({ id: source ?? 0 }, { enabled: source !== undefined });
  const loadFailed = source !== undefined && event.isError;
  useEffect(() => {
    if (loadFailed && errorStatus(event.error) !== 404) toast.error(T.eventLoadFailed.title, { description: T.eventLoadFailed.description });
  }, [loadFailed, event.error]);

  const title = id !== undefined ? 'Edit Event' : from !== undefined ? 'Duplicate Event' : 'New Event';
  const initial = useMemo(() => {
    if (!ready) return null;
    if (source === undefined) return { values: newEventValues(timeZone, start, end), unreadable: false };
    if (!event.data) return null;
    const e = event.data;
    try {
      const s = utcToZoned(e.startDate, timeZone);
      const en = utcToZoned(e.endDate, timeZone);
      return {
        values: {
          title: e.title,
          description: e.description,
          location: e.location,
          startDate: s.date,
          startTime: s.time,
          endDate: en.date,
          endTime: en.time,
          type: e.type,
          volunteerPositions: e.volunteerPositions,
          // A duplicate is one event; editing an occurrence shows its series' rule.
          repeat: id === undefined ? NO_REPEAT : repeatFromRecurrence(e.recurrence, s.date),
          // A duplicate copies the shifts, not their sign-ups.
          shifts: shiftsToForm(e.shifts, timeZone).map((sh) => (id === undefined ? { ...sh, shiftId: undefined, signups: 0 } : sh)),
          serviceCategoryId: e.serviceCategoryId == null ? '' : String(e.serviceCategoryId),
        } satisfies EventValues,
        unreadable: false,
      };
    } catch {
      const blank = newEventValues(timeZone);
      return {
        values: {
          ...blank,
          title: e.title,
          description: e.description,
          location: e.location,
          type: e.type,
          volunteerPositions: e.volunteerPositions,
          startDate: '',
          endDate: '',
        },
        unreadable: true,
      };
    }
  }, [ready, id, source, event.data, timeZone, start, end]);

  return (
    <Page
      before={<BackLink to="/admin" />}
      title={title}
      // Editing: Duplicate and Delete here too, as in the dashboard's row (issue 46).
      actions={
        id !== undefined && event.data ? (
          <>
            <DuplicateLink id={id} name={event.data.title} />
            <EventDeleteButton event={event.data} onDeleted={() => void navigate({ to: '/admin' })} />
          </>
        ) : undefined
      }
      intro={
        from !== undefined && id === undefined
          ? 'A copy of an event, without its volunteers: change the date and save.'
          : id === undefined
            ? 'Add an event to the calendar.'
            : undefined
      }
    >
      <AdminTitle text={title} />
      {loadFailed ? (
        <ErrorState message={errorStatus(event.error) === 404 ? 'This event does not exist. It may have been deleted.' : T.eventLoadFailed.description} />
      ) : !initial ? (
        <LoadingState text={TEXT.loading} />
      ) : (
        <>
          {initial.unreadable ? <ErrorState message={V.eventDatesUnreadable} /> : null}
          <EventForm
            key={id ?? (from !== undefined ? `from-${from}` : 'new')}
            id={id}
            draftKey={id !== undefined ? String(id) : from !== undefined ? `duplicate-${from}` : 'new'}
            seriesId={id !== undefined ? (event.data?.seriesId ?? null) : null}
            initial={initial.values}
            timeZone={timeZone}
            picture={event.data ? { image: event.data.image, alt: event.data.imageAlt ?? '' } : undefined}
            volunteers={id !== undefined ? (event.data?.volunteers.length ?? 0) : 0}
          />
          {id !== undefined ? <EventServiceSection eventId={id} /> : null}
          {id !== undefined && event.data ? <VolunteerList eventId={id} volunteers={event.data.volunteers} shifts={event.data.shifts} /> : null}
        </>
      )}
    </Page>
  );
}

function EventForm({
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
      shifts: v.shifts.map((sh) => ({
        id: sh.shiftId,
        role: sh.role,
        startDate: zonedToUtc(sh.date, sh.startTime, timeZone).toISOString(),
        endDate: zonedToUtc(sh.date, sh.endTime, timeZone).toISOString(),
        capacity: sh.capacity,
        note: sh.note || null,
      })),
    };
    try {
      if (id === undefined) await create.mutateAsync({ ...body, recurrence });
      // scope=this detaches the occurrence, so its series' rule is not sent.
      else if (seriesId !== null) await update.mutateAsync({ id, ...body, scope, notifyVolunteers, ...(scope === 'following' ? { recurrence } : {}) });
      else await update.mutateAsync({ id, ...body, recurrence, notifyVolunteers });
    } catch (err) {
      toastSaveError(err, T.eventSaveFailed);
      return;
    }
    draft.clear();
    toast.success(id === undefined ? T.eventCreated : T.eventUpdated);
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
        </div>
        <ServiceCategoryField form={form} name="serviceCategoryId" />
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
