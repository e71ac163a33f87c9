import { useMemo, useState } from 'react';
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
import type { Event } from '@post/contracts/events';
import { holidaysForYears, type Holiday } from '@post/contracts/rules/holidays';
import { CHIP_COLORS, eventTypeOf } from './event-types.ts';
import { monthLabel, previousDay, yearMonthIn } from './dates.ts';
import { MonthEventList, MonthToolbar, useFocusHeading, useMonthItems } from './month-list.tsx';

/** The more-link's accessible name (its visible text is "+2 more"). */
function moreLabel(n: number): string {
  return `Show ${n} more ${n === 1 ? 'event' : 'events'} on this day`;
}

export interface EventsCalendarProps {
  events: Event[];
  timeZone: string;
  isAdmin: boolean;
  /** Month to open on first ("2026-11"). */
  initialMonth: string;
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
export default function EventsCalendar({ events, timeZone, isAdmin, initialMonth, onMonthChange, onShowList, focusHeading, onEventClick, onSelectRange }: EventsCalendarProps) {
  const controller = useCalendarController();
  useFocusHeading(focusHeading);
  // The month shown ("2026-11"), from the visible range's middle so it never slips a month.
  const [month, setMonth] = useState<string>(initialMonth);
  // Years whose holidays are drawn: the shown month's (with the next, spec §2) and the year of
  // the grid's first day, so late December shows before a January. A string, to stay stable.
  const [years, setYears] = useState<string>(() => month.slice(0, 4));
  // FullCalendar reads its initial date once; later changes of the prop must not move it.
  const [initialDate] = useState(() => `${initialMonth}-15`);

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
    onMonthChange(shown);
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

  const monthItems = useMonthItems(events, month, timeZone, holidays);

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
      <div className="min-h-[720px] overflow-hidden rounded-lg border bg-card">
        <FullCalendar
          controller={controller}
          plugins={[dayGridPlugin, interactionPlugin, classicThemePlugin]}
          initialView="dayGridMonth"
          initialDate={initialDate}
          timeZone={timeZone}
          locale="en-US"
          headerToolbar={false}
          fixedWeekCount
          showNonCurrentDates
          dayMaxEvents={3}
          nowIndicator
          height={720}
          dayHeaderFormat={{ weekday: 'short' }}
          titleFormat={{ month: 'long', year: 'numeric' }}
          eventDisplay="block"
          eventClass="post-cal-event"
          eventInnerClass="post-cal-event-inner"
          dayCellTopInnerClass="post-cal-day-number"
          dayHeaderInnerClass="post-cal-day-header"
          moreLinkInnerClass="post-cal-more"
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
      <details className="rounded-lg border bg-card px-4 py-3">
        <summary className="cursor-pointer font-semibold text-navy-800">
          Events of {monthLabel(month)} as a list ({monthItems.length})
        </summary>
        <MonthEventList items={monthItems} label={`Events of ${monthLabel(month)}`} onOpen={onEventClick} className="mt-3" />
      </details>
    </div>
  );
}
