import { useMemo, useState } from 'react';
import FullCalendar, { useCalendarController } from '@fullcalendar/react';
import type { EventClickInfo, EventInput, DateSelectInfo, DatesSetInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { ChevronLeftIcon, ChevronRightIcon, LayoutGridIcon, ListIcon } from 'lucide-react';
import type { Event } from '@post/contracts/events';
import { holidaysForYears, type Holiday } from '@post/contracts/rules/holidays';
import { Button } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { formattersFor } from '../../lib/format.ts';
import { CHIP_CLASS, CHIP_COLORS, eventTypeOf } from './event-types.ts';
import { monthLabel, plainDateLabel, previousDay, yearMonthIn } from './dates.ts';

/** Phones (narrower than 768 px) open on the list of the month (issue 3). */
const PHONE_QUERY = '(max-width: 767.98px)';
const GRID = 'dayGridMonth';
const LIST = 'listMonth';

/** The more-link's accessible name (its visible text is "+2 more"). */
function moreLabel(n: number): string {
  return `Show ${n} more ${n === 1 ? 'event' : 'events'} on this day`;
}

export interface EventsCalendarProps {
  events: Event[];
  timeZone: string;
  isAdmin: boolean;
  /** Month to open on first ("2026-11"), e.g. the month of an event opened by URL. */
  initialMonth?: string;
  onEventClick: (id: string) => void;
  /** An administrator's drag-selected range: plain dates, end inclusive; or date-times. */
  onSelectRange: (start: string, end: string) => void;
}

/**
 * The month calendar on FullCalendar 7 in the post's time zone, with our own toolbar
 * (Previous / Next / Today, the month heading, grid or list) and, under the grid, the
 * month's events as a plain list for screen readers and keyboards.
 */
export default function EventsCalendar({ events, timeZone, isAdmin, initialMonth, onEventClick, onSelectRange }: EventsCalendarProps) {
  const controller = useCalendarController();
  const [view, setView] = useState(() => (window.matchMedia(PHONE_QUERY).matches ? LIST : GRID));
  // The month shown ("2026-11"), from the visible range's middle so it never slips a month.
  const [month, setMonth] = useState<string>(() => initialMonth ?? yearMonthIn(new Date(), timeZone));
  // Years whose holidays are drawn: the shown month's (with the next, spec §2) and the year of
  // the grid's first day, so late December shows before a January. A string, to stay stable.
  const [years, setYears] = useState<string>(() => month.slice(0, 4));
  // FullCalendar reads its initial date once; later changes of the prop must not move it.
  const [initialDate] = useState(() => (initialMonth ? `${initialMonth}-15` : undefined));

  const holidays = useMemo(() => {
    const byId = new Map<string, Holiday>();
    for (const y of new Set(years.split(','))) for (const h of holidaysForYears(Number(y))) byId.set(h.id, h);
    return [...byId.values()];
  }, [years]);

  const fcEvents = useMemo<EventInput[]>(
    () => [
      ...events.map((e) => ({
        id: String(e.id),
        title: e.title,
        start: e.startDate,
        end: e.endDate,
        ...CHIP_COLORS[eventTypeOf(e.type)],
      })),
      ...holidays.map((h) => ({ id: h.id, title: h.title, start: h.date, allDay: true, ...CHIP_COLORS.special })),
    ],
    [events, holidays],
  );

  const onDatesSet = (info: DatesSetInfo) => {
    const mid = new Date((info.view.currentStart.getTime() + info.view.currentEnd.getTime()) / 2);
    const shown = yearMonthIn(mid, timeZone);
    setMonth(shown);
    setYears([...new Set([yearMonthIn(info.start, timeZone).slice(0, 4), shown.slice(0, 4)])].sort().join(','));
  };

  const onSelect = (info: DateSelectInfo) => {
    info.view.calendar.unselect();
    if (info.allDay) {
      // FullCalendar's end is exclusive: the form wants the last selected day.
      onSelectRange(info.startStr.slice(0, 10), previousDay(info.endStr.slice(0, 10)));
    } else {
      onSelectRange(info.startStr, info.endStr);
    }
  };

  const go = (action: 'prev' | 'next' | 'today') => {
    controller[action]();
  };

  const switchView = (next: string) => {
    controller.changeView(next);
    setView(next);
  };

  const state = controller.view ? controller.getButtonState() : undefined;
  const f = formattersFor(timeZone);
  const monthEvents = useMemo(() => {
    const own = events
      .filter((e) => yearMonthIn(e.startDate, timeZone) === month)
      .map((e) => ({ id: String(e.id), title: e.title, when: `${f.dateTime(e.startDate)} – ${f.time(e.endDate)}`, sort: Date.parse(e.startDate), type: eventTypeOf(e.type) }));
    const hol = holidays
      .filter((h) => h.date.slice(0, 7) === month)
      .map((h) => ({ id: h.id, title: h.title, when: `${plainDateLabel(h.date)}, all day`, sort: Date.parse(`${h.date}T00:00:00Z`), type: 'special' as const }));
    return [...own, ...hol].sort((a, b) => a.sort - b.sort);
  }, [events, holidays, month, timeZone, f]);

  return (
    <div data-slot="events-calendar" className="post-calendar space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Change month">
          <Button variant="outline" onClick={() => go('prev')} disabled={state?.prev.isDisabled}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" onClick={() => go('next')} disabled={state?.next.isDisabled}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <Button variant="secondary" onClick={() => go('today')} disabled={state?.today.isDisabled}>
            Today
          </Button>
        </div>
        <h2 id="calendar-heading" tabIndex={-1} aria-live="polite" className="order-first w-full text-2xl font-bold text-navy-800 sm:order-none sm:w-auto">
          {monthLabel(month)}
        </h2>
        <Button variant="outline" onClick={() => switchView(view === GRID ? LIST : GRID)} aria-pressed={undefined}>
          {view === GRID ? <ListIcon aria-hidden="true" /> : <LayoutGridIcon aria-hidden="true" />}
          {view === GRID ? 'Show as list' : 'Show month grid'}
        </Button>
      </div>
      <div className={cn('overflow-hidden rounded-lg border bg-card', view === GRID && 'min-h-[720px]')}>
        <FullCalendar
          controller={controller}
          plugins={[dayGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
          initialView={view}
          initialDate={initialDate}
          timeZone={timeZone}
          locale="en-US"
          headerToolbar={false}
          fixedWeekCount
          showNonCurrentDates
          dayMaxEvents={3}
          nowIndicator
          height={view === GRID ? 720 : 'auto'}
          dayHeaderFormat={{ weekday: 'short' }}
          titleFormat={{ month: 'long', year: 'numeric' }}
          eventDisplay="block"
          eventClass="post-cal-event"
          eventInnerClass="post-cal-event-inner"
          dayCellTopInnerClass="post-cal-day-number"
          dayHeaderInnerClass="post-cal-day-header"
          moreLinkInnerClass="post-cal-more"
          listItemEventTitleClass="post-cal-list-title"
          eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
          displayEventEnd={false}
          events={fcEvents}
          eventClick={(info: EventClickInfo) => {
            info.jsEvent.preventDefault();
            onEventClick(info.event.id);
          }}
          selectable={isAdmin}
          select={onSelect}
          datesSet={onDatesSet}
          moreLinkHint={(n: number) => moreLabel(n)}
          moreLinkContent={(info: { num: number }) => (
            <>
              <span aria-hidden="true">+{info.num} more</span>
              <span className="sr-only">{moreLabel(info.num)}</span>
            </>
          )}
          noEventsText="No events this month."
          borderless
        />
      </div>
      {view === GRID ? (
        <details className="rounded-lg border bg-card px-4 py-3">
          <summary className="cursor-pointer font-semibold text-navy-800">
            Events of {monthLabel(month)} as a list ({monthEvents.length})
          </summary>
          {monthEvents.length === 0 ? (
            <p className="mt-2 text-muted-foreground">No events this month.</p>
          ) : (
            <ul className="mt-3 divide-y" aria-label={`Events of ${monthLabel(month)}`}>
              {monthEvents.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span aria-hidden="true" className={cn('inline-block size-3 shrink-0 rounded-full', CHIP_CLASS[e.type])} />
                  <button
                    type="button"
                    className="rounded-sm text-left font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
                    onClick={() => onEventClick(e.id)}
                  >
                    {e.title}
                  </button>
                  <span className="text-muted-foreground">{e.when}</span>
                </li>
              ))}
            </ul>
          )}
        </details>
      ) : null}
    </div>
  );
}
