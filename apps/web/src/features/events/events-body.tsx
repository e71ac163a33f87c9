import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { Event } from '@post/contracts/events';
import { eventMessages } from '@post/contracts/messages/events';
import { Skeleton } from '@post/ui/components/skeleton';
import { cn } from '@post/ui/lib/utils';
import { ErrorState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { fmt } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { VolunteerNeeds } from '../volunteers/volunteer-needs.tsx';
import { SignUpNoticePanel, type SignUpNotice } from '../../components/signup-notice.tsx';
import { CalendarExport } from './calendar-export.tsx';
import { EventsJsonLd } from './events-json-ld.tsx';
import { CHIP_CLASS, LEGEND } from './event-types.ts';
import { currentMonth, MonthListView } from './month-list.tsx';

// FullCalendar is heavy: it loads with this page only, never in the main chunk.
const EventsCalendar = lazy(() => import('./events-calendar.tsx'));

const noSubscribe = () => () => {};

/** The calendar is drawn in the browser only (a server render would only show its placeholder). */
export function useInBrowser() {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** The page without its dialogs: legend, export, calendar (or the month's list) and volunteer needs. */
export const EventsBody = memo(function EventsBody({
  initialMonth,
  series,
  isAdmin,
  onOpen,
  onVolunteer,
  onMonthChange,
  notice,
  onDismissNotice,
}: {
  initialMonth: string;
  series?: number;
  isAdmin: boolean;
  onOpen: (eventId: string) => void;
  onVolunteer: (e: Event) => void;
  onMonthChange: (month: string) => void;
  /** The last sign-up's confirmation, shown above the calendar until dismissed. */
  notice?: SignUpNotice | null;
  onDismissNotice?: () => void;
}) {
  const router = useRouter();
  const settings = useSiteSettings().data;
  const events = trpc.events.list.useQuery();
  const [month, setMonth] = useState(initialMonth);
  // The address's month as last seen, so that Back to another event's popup leaves the month alone.
  const addressMonth = useRef<string | null | undefined>(undefined);
  const changeMonth = useCallback(
    (m: string) => {
      setMonth(m);
      addressMonth.current = m === currentMonth(settings.timeZone) ? null : m;
      onMonthChange(m);
    },
    [onMonthChange, settings.timeZone],
  );
  // Month paging is in the history (decision 0087): Back and Forward bring the address's month back.
  useEffect(() => {
    const read = () => {
      const raw = new URLSearchParams(window.location.search).get('month');
      return raw && /^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : null;
    };
    if (addressMonth.current === undefined) addressMonth.current = read();
    const follow = () => {
      const m = read();
      if (m === addressMonth.current) return;
      addressMonth.current = m;
      setMonth(m ?? currentMonth(settings.timeZone));
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [settings.timeZone]);
  // Every visitor, phones included, opens on the month grid (spec §2; issue 23 #1); the list of
  // the month is a switch away. Unknown on the server and while hydrating: then the grid's
  // placeholder is in the markup.
  const [view, setView] = useState<'list' | 'grid' | undefined>(undefined);
  // Chosen once hydrated, as a transition: the markup both views share stays on screen meanwhile.
  useEffect(() => {
    startTransition(() => setView('grid'));
  }, []);
  // After the visitor switches, focus goes to the month heading of the view that replaced the button.
  const [switched, setSwitched] = useState(false);
  // The calendar's callbacks keep their identity, so a re-render here does not re-render it.
  const switchView = useCallback((next: 'list' | 'grid') => {
    setSwitched(true);
    setView(next);
  }, []);
  const showList = useCallback(() => switchView('list'), [switchView]);
  const selectRange = useCallback(
    (start: string, end: string) => router.navigate({ href: `/admin/events/new?${new URLSearchParams({ start, end }).toString()}` }),
    [router],
  );

  const zoneName = useMemo(() => {
    try {
      const parts = fmt(settings.timeZone, { timeZoneName: 'longGeneric' }).formatToParts(new Date());
      return parts.find((p) => p.type === 'timeZoneName')?.value ?? settings.timeZone;
    } catch {
      return settings.timeZone;
    }
  }, [settings.timeZone]);

  const inBrowser = useInBrowser();
  const settled = !events.isPending && inBrowser;
  return (
    <Page title="Events Calendar" intro={`Meetings, ceremonies, fundraisers and community service of ${settings.postName}. All times are ${zoneName}.`}>
      {events.data ? <EventsJsonLd events={events.data} postName={settings.postName} address={settings.streetAddress} /> : null}
      {notice && onDismissNotice ? <SignUpNoticePanel notice={notice} onDismiss={onDismissNotice} /> : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <ul className="flex flex-wrap gap-x-5 gap-y-2" aria-label="Legend">
          {LEGEND.map((l) => (
            <li key={l.type} className="flex items-center gap-2 text-base">
              <span aria-hidden="true" className={cn('inline-block size-4 rounded-sm', CHIP_CLASS[l.type])} />
              {l.label}
            </li>
          ))}
        </ul>
        <CalendarExport />
      </div>
      {events.isError ? <ErrorState className="mb-4" onRetry={() => events.refetch()} retrying={events.isFetching} /> : null}
      {view === 'list' ? (
        <div>
          <MonthListView
            events={events.data ?? []}
            timeZone={settings.timeZone}
            month={month}
            onMonth={changeMonth}
            onOpen={onOpen}
            onShowGrid={() => switchView('grid')}
            focusHeading={switched}
          />
        </div>
      ) : null}
      {view !== 'list' ? (
        <div>
          <Suspense fallback={<CalendarSkeleton />}>
            {settled && view === 'grid' ? (
              <EventsCalendar
                events={events.data ?? []}
                timeZone={settings.timeZone}
                isAdmin={isAdmin}
                initialMonth={month}
                month={month}
                onMonthChange={changeMonth}
                onShowList={showList}
                focusHeading={switched}
                onEventClick={onOpen}
                onSelectRange={selectRange}
              />
            ) : (
              <CalendarSkeleton />
            )}
          </Suspense>
        </div>
      ) : null}
      {isAdmin ? <p className="mt-2 text-base text-muted-foreground">Administrators: drag across days in the month grid to create an event for them.</p> : null}
      <div className="mt-8">
        <VolunteerNeeds query={events} isAdmin={isAdmin} onVolunteer={onVolunteer} series={series} />
      </div>
    </Page>
  );
});

function CalendarSkeleton() {
  return (
    <div className="relative space-y-3" aria-busy="true">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Skeleton className="h-11 w-72" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-11 w-40" />
      </div>
      <Skeleton className="h-[420px] w-full rounded-lg! md:h-[720px]" />
      <p role="status" className="absolute inset-x-0 top-40 mx-auto w-fit rounded-md bg-background/90 px-3 py-1 text-muted-foreground">
        {eventMessages.loading}
      </p>
    </div>
  );
}
