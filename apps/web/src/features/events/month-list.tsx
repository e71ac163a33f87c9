import { useEffect, useMemo } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, LayoutGridIcon } from 'lucide-react';
import type { Event } from '@post/contracts/events';
import { holidaysForYears, type Holiday } from '@post/contracts/rules/holidays';
import { Button } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { formattersFor } from '../../lib/format.ts';
import { CHIP_CLASS, eventTypeOf } from './event-types.ts';
import { monthLabel, plainDateLabel, yearMonthIn } from './dates.ts';

/** Phones (narrower than 768 px): the month grid shows each event as a dot (issue 23 #1). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** The current month in the post's zone ("2026-11"). */
export function currentMonth(timeZone: string): string {
  return yearMonthIn(new Date(), timeZone);
}

/** "2026-11" moved by `delta` months. */
export function addMonths(ym: string, delta: number): string {
  const [y, m] = ym.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + delta, 15));
  return d.toISOString().slice(0, 7);
}

export interface MonthItem {
  id: string;
  title: string;
  when: string;
  sort: number;
  type: ReturnType<typeof eventTypeOf>;
}

/** The month's events and holidays ("2026-11"), in time order, in the post's time zone. */
export function useMonthItems(events: Event[], month: string, timeZone: string, holidays?: Holiday[]): MonthItem[] {
  return useMemo(() => {
    const f = formattersFor(timeZone);
    const own = events
      .filter((e) => yearMonthIn(e.startDate, timeZone) === month)
      .map((e) => ({
        id: String(e.id),
        title: e.title,
        when: `${f.dateTime(e.startDate)} – ${f.time(e.endDate)}`,
        sort: Date.parse(e.startDate),
        type: eventTypeOf(e.type),
      }));
    const hol = (holidays ?? holidaysForYears(Number(month.slice(0, 4))))
      .filter((h) => h.date.slice(0, 7) === month)
      .map((h) => ({
        id: h.id,
        title: h.title,
        when: `${plainDateLabel(h.date)}, all day`,
        sort: Date.parse(`${h.date}T00:00:00Z`),
        type: 'special' as const,
      }));
    return [...own, ...hol].sort((a, b) => a.sort - b.sort);
  }, [events, holidays, month, timeZone]);
}

/** The month's events as a plain list: a button per event opens its popup. */
export function MonthEventList({ items, label, onOpen, className }: { items: MonthItem[]; label: string; onOpen: (id: string) => void; className?: string }) {
  if (items.length === 0) return <p className={cn('text-muted-foreground', className)}>No events this month.</p>;
  return (
    <ul className={cn('divide-y', className)} aria-label={label}>
      {items.map((e) => (
        <li key={e.id} data-event-id={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span aria-hidden="true" className={cn('inline-block size-3 shrink-0 rounded-full', CHIP_CLASS[e.type])} />
          <button
            type="button"
            className="rounded-sm text-left font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
            onClick={() => onOpen(e.id)}
          >
            {e.title}
          </button>
          <span className="text-muted-foreground">{e.when}</span>
        </li>
      ))}
    </ul>
  );
}

/** Focuses the month heading after mounting, when asked (the switch button that had focus is gone). */
export function useFocusHeading(focus: boolean | undefined): void {
  useEffect(() => {
    if (focus) document.getElementById('calendar-heading')?.focus();
  }, [focus]);
}

/** Previous / Next / Today, the month heading and the switch between grid and list. */
export function MonthToolbar({
  month,
  onMonth,
  todayMonth,
  todayDisabled,
  switchLabel,
  switchIcon,
  onSwitch,
}: {
  month: string;
  onMonth: (month: string) => void;
  todayMonth: () => string;
  /** True while the current month is shown. */
  todayDisabled: boolean;
  switchLabel: string;
  switchIcon: React.ReactNode;
  onSwitch: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Change month">
        <Button variant="outline" onClick={() => onMonth(addMonths(month, -1))}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" onClick={() => onMonth(addMonths(month, 1))}>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        <Button variant="secondary" onClick={() => onMonth(todayMonth())} disabled={todayDisabled}>
          Today
        </Button>
      </div>
      <h2 id="calendar-heading" tabIndex={-1} aria-live="polite" className="order-first w-full text-2xl font-bold text-navy-800 sm:order-none sm:w-auto">
        {monthLabel(month)}
      </h2>
      <Button variant="outline" onClick={onSwitch}>
        {switchIcon}
        {switchLabel}
      </Button>
    </div>
  );
}

/**
 * The calendar as the list of one month: what phones open on. Plain markup rendered on the
 * server, so a phone shows the month at once and never loads the calendar library unless the
 * visitor asks for the grid.
 */
export function MonthListView({
  events,
  timeZone,
  month,
  onMonth,
  onOpen,
  onShowGrid,
  focusHeading,
}: {
  events: Event[];
  timeZone: string;
  month: string;
  onMonth: (month: string) => void;
  onOpen: (id: string) => void;
  onShowGrid: () => void;
  /** Focus the month heading once shown (the visitor switched views). */
  focusHeading?: boolean;
}) {
  const items = useMonthItems(events, month, timeZone);
  useFocusHeading(focusHeading);
  return (
    <div data-slot="events-calendar" className="space-y-3">
      <MonthToolbar
        month={month}
        onMonth={onMonth}
        todayMonth={() => yearMonthIn(new Date(), timeZone)}
        todayDisabled={month === currentMonth(timeZone)}
        switchLabel="Show month grid"
        switchIcon={<LayoutGridIcon aria-hidden="true" />}
        onSwitch={onShowGrid}
      />
      <div className="rounded-lg border bg-card px-4 py-2">
        <MonthEventList items={items} label={monthLabel(month)} onOpen={onOpen} className="py-2" />
      </div>
    </div>
  );
}
