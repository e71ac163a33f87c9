import { lazy, startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Event } from '@post/contracts/events';
import { holidaysForYear, isHolidayId } from '@post/contracts/rules/holidays';
import { trpc } from '../../lib/trpc.ts';
import { useAdminSession } from '../../lib/use-session.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import type { VolunteerTarget } from '../volunteers/volunteer-signup-dialog.tsx';
import { SIGNUP_NOTICE_ID, type SignUpNotice } from '../../components/signup-notice.tsx';
import { EventsBody, useInBrowser } from './events-body.tsx';
import { currentMonth } from './month-list.tsx';
import { yearMonthIn } from './dates.ts';
import type { SelectedEvent } from './event-details-dialog.tsx';

// The popup's code loads once the page has hydrated and the popup mounts closed, so a click opens
// it in that click's own render; the sign-up form loads when first opened (decisions 0048, 0063).
const loadEventDetails = () => import('./event-details-dialog.tsx');
const EventDetailsDialog = lazy(() => loadEventDetails().then((m) => ({ default: m.EventDetailsDialog })));
const VolunteerSignupDialog = lazy(() => import('../volunteers/volunteer-signup-dialog.tsx').then((m) => ({ default: m.VolunteerSignupDialog })));

/** An event id from the URL: numbers for stored events, strings for holidays. */
export type EventId = number | string;

/** The Events calendar page (spec §2): calendar, legend, export, popup, volunteer needs and sign-up. */
export function EventsPage({
  id: urlId,
  series,
  month: urlMonth,
  onSelect,
  onMonthChange,
}: {
  id: EventId | undefined;
  series?: number;
  /** The month in the address (?month=2026-12), if any. */
  month?: string;
  /** Puts the event in the address (?id=); resolves once the router has. */
  onSelect: (id: EventId | undefined) => unknown;
  /** Puts the month shown in the address (?month=), none for the current month. */
  onMonthChange: (month: string | undefined) => unknown;
}) {
  const settings = useSiteSettings().data;
  const isAdmin = useAdminSession().data?.authenticated === true;
  const events = trpc.events.list.useQuery();
  const [signup, setSignup] = useState<VolunteerTarget | null>(null);
  // The last sign-up's confirmation, on the page (decision 0096).
  const [notice, setNotice] = useState<SignUpNotice | null>(null);
  const dismissNotice = useCallback(() => {
    setNotice(null);
    document.getElementById('calendar-heading')?.focus();
  }, []);
  // The popup opens and closes in the click's own render and the address follows once that has
  // painted, so the router's work is not part of the click (decision 0063). Back, forward or a
  // link change the address alone, which then rules again.
  const [chosen, setChosen] = useState<{ id: EventId | undefined } | null>(null);
  const id = chosen ? chosen.id : urlId;
  // A new address rules again, in the render that brings it (decision 0067).
  const [chosenAt, setChosenAt] = useState(urlId);
  if (chosenAt !== urlId) {
    setChosenAt(urlId);
    setChosen(null);
  }
  const select = useCallback(
    (next: EventId | undefined) => {
      setChosen({ id: next });
      return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(onSelect(next)))));
    },
    [onSelect],
  );

  const selected = useMemo<SelectedEvent | null>(() => {
    if (id === undefined) return null;
    if (isHolidayId(String(id))) {
      const year = /(\d{4})$/.exec(String(id))?.[1];
      const holiday = year ? holidaysForYear(Number(year)).find((h) => h.id === String(id)) : undefined;
      return holiday ? { kind: 'holiday', holiday } : { kind: 'missing' };
    }
    if (!events.data) return null;
    const event = events.data.find((e) => e.id === Number(id));
    return event ? { kind: 'event', event } : { kind: 'missing' };
  }, [id, events.data]);

  // The month shown at first: that of the event in the URL when the page was opened (the loader
  // has read the events by then), else the address's month, else the current one (as the server
  // saw it while hydrating).
  const [initialMonth] = useState(() =>
    selected?.kind === 'event'
      ? yearMonthIn(selected.event.startDate, settings.timeZone)
      : selected?.kind === 'holiday'
        ? selected.holiday.date.slice(0, 7)
        : (urlMonth ?? currentMonth(settings.timeZone)),
  );
  // Stable, as the calendar's options must be; the current month leaves the address plain.
  const shownMonth = useRef(urlMonth);
  useLayoutEffect(() => {
    shownMonth.current = urlMonth;
  });
  const monthChanged = useCallback(
    (m: string) => {
      const next = m === currentMonth(settings.timeZone) ? undefined : m;
      if (next !== shownMonth.current) void onMonthChange(next);
    },
    [onMonthChange, settings.timeZone],
  );
  // The popup, closed, once its code is here (a transition of its own: the grid does not wait for it).
  const [popupLoaded, setPopupLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    // Should it fail (the network dropped), the first click loads it as before.
    loadEventDetails().then(
      () => live && startTransition(() => setPopupLoaded(true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const openEvent = useCallback((eventId: string) => void select(/^\d+$/.test(eventId) ? Number(eventId) : eventId), [select]);
  const volunteer = useCallback(
    (e: Event) => setSignup({ id: e.id, title: e.title, startDate: e.startDate, shifts: e.shifts, full: e.volunteerCount >= e.volunteerPositions }),
    [],
  );
  const volunteerFromPopup = (e: Event) => {
    // The popup's Volunteer button has focus: let go of it before the popup is hidden, or the
    // browser warns that aria-hidden was put on a focused element (issue 23 #18). Only from the
    // popup: from the Upcoming Volunteer Needs table, focus must stay on the button, to return there.
    (document.activeElement as HTMLElement | null)?.blur();
    // The sign-up opens once the popup's route change is done, not in the middle of it.
    void select(undefined).then(() => volunteer(e));
  };
  // After signing up from the popup, focus returns to the event's row (the popup's button is gone).
  const lastSignup = useRef<number | null>(null);
  useEffect(() => {
    if (signup) lastSignup.current = signup.id;
  }, [signup]);
  const eventElement = () => {
    const rows = document.querySelectorAll<HTMLElement>(`[data-event-id="${lastSignup.current}"] :is(button, a)`);
    return [...rows].find((el) => el.offsetParent !== null) ?? document.getElementById('calendar-heading');
  };

  const inBrowser = useInBrowser();
  // Once a dialog has been opened it stays mounted, so it can close with its animation and
  // return focus; the sign-up dialog is not even loaded before (the popup is, see above). Never
  // during hydration (the server renders no dialog).
  const [used, setUsed] = useState({ details: false, signup: false });
  if (inBrowser && ((selected && !used.details) || (signup && !used.signup)))
    setUsed({ details: used.details || selected !== null, signup: used.signup || signup !== null });
  return (
    <>
      {/* Opening or closing a dialog renders this part only: the calendar, the list and the
          table below keep their props (with the CPU 4x slower, the page's re-render was about a
          third of the popup's click, bench:inp 2026-11-26). */}
      <EventsBody
        initialMonth={initialMonth}
        series={series}
        isAdmin={isAdmin}
        onOpen={openEvent}
        onVolunteer={volunteer}
        onMonthChange={monthChanged}
        notice={notice}
        onDismissNotice={dismissNotice}
      />
      <Suspense fallback={null}>
        {popupLoaded || used.details ? (
          <EventDetailsDialog selected={selected} onClose={() => void select(undefined)} isAdmin={isAdmin} onVolunteer={volunteerFromPopup} />
        ) : null}
        {used.signup ? (
          <VolunteerSignupDialog
            event={signup}
            onClose={() => setSignup(null)}
            returnFocusTo={eventElement}
            onSignedUp={setNotice}
            noticeElement={() => document.getElementById(SIGNUP_NOTICE_ID)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
