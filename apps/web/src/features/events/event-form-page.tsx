import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DoorOpenIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { toast } from 'sonner';
import { DEFAULT_VOLUNTEER_POSITIONS } from '@post/contracts/events';
import { commonMessages } from '@post/contracts/messages/common';
import { eventMessages } from '@post/contracts/messages/events';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import { Page } from '../../layout/page.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { initialRange } from '../../components/form/dates.ts';
import { BackLink } from '../../components/back-link.tsx';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { EventServiceSection } from '../service-hours/event-service-section.tsx';
import { shiftToForm } from '@post/contracts/shifts';
import { VolunteerList } from './event-volunteers.tsx';
import { NO_REPEAT, repeatFromRecurrence } from './repeat-rule.ts';
import { DuplicateLink, EventDeleteButton } from './event-row-actions.tsx';
import { EventForm, type EventValues } from './event-form.tsx';

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
    if (loadFailed && errorStatus(event.error) !== 404) toast.error(eventMessages.loadFailed.title, { description: eventMessages.loadFailed.description });
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
          shifts: e.shifts.map((s) => shiftToForm(s, timeZone)).map((sh) => (id === undefined ? { ...sh, shiftId: undefined, signups: 0 } : sh)),
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
            {/* The door is one tap from the event's page, not past the whole form (issue 59). */}
            <Link to="/admin/events/$id/check-in" params={{ id: String(id) }} className={buttonVariants({ variant: 'outline' })}>
              <DoorOpenIcon aria-hidden="true" />
              Check-in
            </Link>
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
        <ErrorState
          message={errorStatus(event.error) === 404 ? 'This event does not exist. It may have been deleted.' : eventMessages.loadFailed.description}
        />
      ) : !initial ? (
        <LoadingState text={commonMessages.loading} />
      ) : (
        <>
          {initial.unreadable ? <ErrorState message={eventMessages.datesUnreadable} /> : null}
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
