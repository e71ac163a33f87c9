import { memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import FullCalendar, { useCalendarController } from '@fullcalendar/react';
import type { EventClickInfo, EventInput, DateSelectInfo, DatesSetInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { ListIcon } from 'lucide-react';
import { cn } from '@post/ui/lib/utils';
import type { Event } from '@post/contracts/events';
import { holidaysForYears, type Holiday } from '@post/contracts/rules/holidays';
import { CHIP_COLORS, eventTypeOf } from './event-types.ts';
import { dayIn, monthLabel, plainDateLabel, previousDay, yearMonthIn } from './dates.ts';
import { MonthEventList, MonthToolbar, PHONE_QUERY, useFocusHeading, useMonthItems } from './month-list.tsx';
import { chipContent, dotContentWith, dropPopupClaim, moreLabel, moreLinkContent } from './calendar-content.tsx';

// Phones (issue 23 #1): the same month grid, each event a coloured dot in its day; a tap on a day
// lists that day's events under the grid.
const subscribePhone = (onChange: () => void) => {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

// FullCalendar re-renders the whole grid whenever an option is a new object or function, and its
// controller re-renders this component once the first month shows: options that never change live
// here and the others are memoised, so a visitor pays for one render of the grid (decision 0063).
const PLUGINS = [dayGridPlugin, interactionPlugin, classicThemePlugin];
const DAY_HEADER_FORMAT = { weekday: 'short' } as const;
const TITLE_FORMAT = { month: 'long', year: 'numeric' } as const;
const EVENT_TIME_FORMAT = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
export interface EventsCalendarProps {
  events: Event[];
  timeZone: string;
  isAdmin: boolean;
  /** Month to open on first ("2026-11"). */
  initialMonth: string;
  /** The month asked for later (Back to an earlier address): the grid goes there. */
  month?: string;
  /** The month shown changed ("2026-11"). */
  onMonthChange: (month: string) => void;
  /** The visitor asked for the list of the month instead. */
  onShowList: () => void;
  /** Focus the month heading once shown (the visitor switched views). */
  focusHeading?: boolean;
  onEventClick: (id: string) => void;
  /** An administrator's drag-selected range: plain dates, end inclusive; or date-times. */
  onSelectRange: (start: string, end: string) => void;
}

/**
 * The month grid on FullCalendar 7 in the post's time zone, with our own toolbar (Previous /
 * Next / Today, the month heading, the switch to the list) and, under the grid, the month's
 * events as a plain list for screen readers and keyboards.
 */
function EventsCalendar({
  events,
  timeZone,
  isAdmin,
  initialMonth,
  month: wanted,
  onMonthChange,
  onShowList,
  focusHeading,
  onEventClick,
  onSelectRange,
}: EventsCalendarProps) {
  const controller = useCalendarController();
  useFocusHeading(focusHeading);
  // The month shown ("2026-11"), from the visible range's middle so it never slips a month.
  const [month, setMonth] = useState<string>(initialMonth);
  // Years whose holidays are drawn: the shown month's (with the next, spec §2) and the year of
  // the grid's first day, so late December shows before a January. A string, to stay stable.
  const [years, setYears] = useState<string>(() => month.slice(0, 4));
  // FullCalendar reads its initial date once; later changes of the prop must not move it.
  const [initialDate] = useState(() => `${initialMonth}-15`);
  // Back or Forward changed the address's month (decision 0087).
  useEffect(() => {
    if (wanted && wanted !== month && controller.view) controller.gotoDate(`${wanted}-15`);
  }, [wanted, month, controller]);

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

  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      const mid = new Date((info.view.currentStart.getTime() + info.view.currentEnd.getTime()) / 2);
      const shown = yearMonthIn(mid, timeZone);
      setMonth(shown);
      onMonthChange(shown);
      setYears([...new Set([yearMonthIn(info.start, timeZone).slice(0, 4), shown.slice(0, 4)])].sort().join(','));
    },
    [timeZone, onMonthChange],
  );

  const onSelect = useCallback(
    (info: DateSelectInfo) => {
      info.view.calendar.unselect();
      if (info.allDay) {
        // FullCalendar's end is exclusive: the form wants the last selected day.
        onSelectRange(info.startStr.slice(0, 10), previousDay(info.endStr.slice(0, 10)));
      } else {
        onSelectRange(info.startStr, info.endStr);
      }
    },
    [onSelectRange],
  );

  const monthItems = useMonthItems(events, month, timeZone, holidays);
  const compact = useSyncExternalStore(subscribePhone, isPhone, () => false);
  // The day tapped on a phone ("2026-11-11"), whose events show under the grid.
  const [day, setDay] = useState<string | null>(null);
  const dayEvents = useMemo(() => (day ? events.filter((e) => dayIn(e.startDate, timeZone) === day) : []), [day, events, timeZone]);
  const dayItems = useMonthItems(
    dayEvents,
    day?.slice(0, 7) ?? month,
    timeZone,
    holidays.filter((h) => h.date === day),
  );
  const perDay = useMemo(() => {
    const m = new Map<string, number>();
    for (const e of events) m.set(dayIn(e.startDate, timeZone), (m.get(dayIn(e.startDate, timeZone)) ?? 0) + 1);
    for (const h of holidays) m.set(h.date, (m.get(h.date) ?? 0) + 1);
    return m;
  }, [events, holidays, timeZone]);
  const dotContent = useMemo(() => dotContentWith(perDay), [perDay]);
  // The tapped day stands out in the grid while its list shows under it.
  const dayCellClass = useCallback((info: { date: Date }) => (day && dayIn(info.date, timeZone) === day ? 'post-cal-day-selected' : ''), [day, timeZone]);
  const openDay = useCallback((ymd: string, focus = false) => {
    setDay(ymd);
    // Bring the day's list into view (it is under the grid) once rendered; "+N more" moves the focus there too.
    requestAnimationFrame(() => {
      const heading = document.getElementById('calendar-day-heading');
      if (focus && heading) heading.focus({ preventScroll: true });
      document.getElementById('calendar-day')?.scrollIntoView({ block: 'nearest' });
    });
  }, []);
  const onDateClick = useCallback((info: { dateStr: string }) => openDay(info.dateStr.slice(0, 10)), [openDay]);
  // Phones (issue 46 #1): "+N more" lists the day under the grid, as a tap on the day does; the
  // popover would show the hidden events as dots, with no title or time. Returning the view's own
  // name keeps FullCalendar from opening its popover (it shows that day's month, already shown).
  const onMoreClick = useCallback(
    (info: { date: Date; view: { type: string } }) => {
      openDay(dayIn(info.date, timeZone), true);
      return info.view.type;
    },
    [openDay, timeZone],
  );
  const onChipClick = useCallback(
    (info: EventClickInfo) => {
      info.jsEvent.preventDefault();
      if (!compact) return onEventClick(info.event.id);
      // A dot is too small to aim at: a tap lists the day's events, each a button.
      const own = events.find((e) => String(e.id) === info.event.id);
      openDay(own ? dayIn(own.startDate, timeZone) : (holidays.find((h) => h.id === info.event.id)?.date ?? info.event.startStr.slice(0, 10)));
    },
    [compact, events, holidays, onEventClick, openDay, timeZone],
  );

  return (
    <div data-slot="events-calendar" className="post-calendar space-y-3">
      <MonthToolbar
        month={month}
        onMonth={(target) => {
          if (target === yearMonthIn(new Date(), timeZone)) controller.today();
          else controller.gotoDate(`${target}-15`);
        }}
        todayMonth={() => yearMonthIn(new Date(), timeZone)}
        todayDisabled={controller.view ? controller.getButtonState().today.isDisabled : false}
        switchLabel="Show as list"
        switchIcon={<ListIcon aria-hidden="true" />}
        onSwitch={onShowList}
      />
      <div className={cn('overflow-hidden rounded-lg border bg-card', compact ? 'min-h-[420px]' : 'min-h-[720px]')}>
        <FullCalendar
          controller={controller}
          plugins={PLUGINS}
          initialView="dayGridMonth"
          initialDate={initialDate}
          timeZone={timeZone}
          locale="en-US"
          headerToolbar={false}
          fixedWeekCount
          showNonCurrentDates
          dayMaxEvents={compact ? 4 : 3}
          nowIndicator
          height={compact ? 420 : 720}
          dayHeaderFormat={DAY_HEADER_FORMAT}
          titleFormat={TITLE_FORMAT}
          eventDisplay="block"
          eventClass="post-cal-event"
          eventInnerClass="post-cal-event-inner"
          dayCellTopInnerClass="post-cal-day-number"
          dayCellClass={compact ? dayCellClass : undefined}
          dayHeaderInnerClass="post-cal-day-header"
          moreLinkClass="post-cal-more-link"
          moreLinkInnerClass="post-cal-more"
          eventTimeFormat={EVENT_TIME_FORMAT}
          eventContent={compact ? dotContent : chipContent}
          dateClick={compact ? onDateClick : undefined}
          displayEventEnd={false}
          events={fcEvents}
          eventClick={onChipClick}
          selectable={isAdmin}
          select={onSelect}
          datesSet={onDatesSet}
          moreLinkHint={moreLabel}
          moreLinkClick={compact ? onMoreClick : undefined}
          moreLinkContent={moreLinkContent}
          moreLinkDidMount={compact ? dropPopupClaim : undefined}
          noEventsText="No events this month."
          borderless
        />
      </div>
      {compact ? (
        <section id="calendar-day" aria-live="polite" className="rounded-lg border bg-card px-4 py-3">
          {day ? (
            <>
              <h3 id="calendar-day-heading" tabIndex={-1} className="font-semibold text-navy-800 outline-none focus-visible:ring-2 focus-visible:ring-ring">
                Events on {plainDateLabel(day)}
              </h3>
              <MonthEventList items={dayItems} label={`Events on ${plainDateLabel(day)}`} onOpen={onEventClick} className="mt-2" />
            </>
          ) : (
            <p className="text-muted-foreground">Tap a day to see its events.</p>
          )}
        </section>
      ) : null}
      <details open={compact || undefined} className="rounded-lg border bg-card px-4 py-3">
        <summary className="cursor-pointer font-semibold text-navy-800">
          Events of {monthLabel(month)} as a list ({monthItems.length})
        </summary>
        <MonthEventList items={monthItems} label={`Events of ${monthLabel(month)}`} onOpen={onEventClick} className="mt-3" />
      </details>
    </div>
  );
}

// Memoised: opening an event's popup re-renders the page (the URL's ?id= changes), not the
// calendar, whose props stay the same (bench:inp, the popup's input-to-paint).
export default memo(EventsCalendar);
