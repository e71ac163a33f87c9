import { Link } from '@tanstack/react-router';
import type { Event } from '@post/contracts/events';
import { eventMessages } from '@post/contracts/messages/events';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Skeleton } from '@post/ui/components/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { LoadState, type QueryLike } from '../../components/load-state.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { useMountTime } from '../../lib/use-mount-time.ts';

/** Events that have not started, soonest first (spec §2). */
export function upcomingForVolunteers(events: Event[], now = Date.now()): Event[] {
  return events.filter((e) => Date.parse(e.startDate) > now).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}

/** A row of the volunteer needs table: an event, and for the next date of a series how many later dates it has. */
export interface NeedRow {
  event: Event;
  moreDates: number;
}

/**
 * The rows of the volunteer needs table (issue 20): at most the next occurrence of each series,
 * with the number of its later dates, so a weekly practice does not push everything else off
 * the table; with `series`, every upcoming date of that one series.
 */
export function volunteerNeedRows(events: Event[], now = Date.now(), series?: number): NeedRow[] {
  const upcoming = upcomingForVolunteers(events, now);
  if (series !== undefined) return upcoming.filter((e) => e.seriesId === series).map((event) => ({ event, moreDates: 0 }));
  const rows: NeedRow[] = [];
  const bySeries = new Map<number, NeedRow>();
  for (const event of upcoming) {
    if (event.seriesId === null) rows.push({ event, moreDates: 0 });
    else {
      const first = bySeries.get(event.seriesId);
      if (first) first.moreDates++;
      else {
        const row = { event, moreDates: 0 };
        bySeries.set(event.seriesId, row);
        rows.push(row);
      }
    }
  }
  return rows;
}

/** No position left (with shifts: every shift full). */
export function isFull(e: Event): boolean {
  return e.volunteerPositions <= 0 || e.volunteerCount >= e.volunteerPositions;
}

/** The Upcoming Volunteer Needs table: Event, Date, Positions, Filled, Action. */
export function VolunteerNeeds({
  query,
  isAdmin,
  onVolunteer,
  series,
}: {
  query: QueryLike<Event[]>;
  isAdmin: boolean;
  onVolunteer: (e: Event) => void;
  /** Only this series' dates (the "more dates" link). */
  series?: number;
}) {
  const now = useMountTime();
  const f = usePostFormat();
  return (
    <section aria-labelledby="volunteer-needs" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="volunteer-needs" className="mb-4 text-2xl font-bold text-navy-800">
        Upcoming Volunteer Needs
      </h2>
      <LoadState
        query={query}
        loadingText={eventMessages.loading}
        skeleton={
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        }
        empty={volunteerMessages.noOpportunities}
        isEmpty={(d) => volunteerNeedRows(d, now, series).length === 0}
      >
        {(events) => {
          const rows = volunteerNeedRows(events, now, series);
          const more = ({ event: e, moreDates }: NeedRow) =>
            moreDates > 0 && e.seriesId !== null ? (
              <Link
                to="/events"
                search={{ series: e.seriesId }}
                hash="volunteer-needs"
                resetScroll={false}
                className="text-base font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
              >
                {moreDates} more date{moreDates === 1 ? '' : 's'}
                <span className="sr-only"> of {e.title}</span>
              </Link>
            ) : null;
          const action = (e: Event) =>
            isAdmin ? (
              <Link to="/admin/events/$id" params={{ id: String(e.id) }} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Manage<span className="sr-only">: {e.title}</span>
              </Link>
            ) : e.volunteerPositions <= 0 ? (
              <Button size="sm" variant="outline" disabled>
                Full<span className="sr-only">: {e.title}</span>
              </Button>
            ) : isFull(e) ? (
              // A full event offers its waitlist (issue 43) instead of a dead button.
              <Button size="sm" variant="outline" onClick={() => onVolunteer(e)}>
                Full — join the waitlist<span className="sr-only">: {e.title}</span>
              </Button>
            ) : (
              <Button size="sm" variant="destructive" onClick={() => onVolunteer(e)}>
                Volunteer<span className="sr-only">: {e.title}</span>
              </Button>
            );
          return (
            <>
              {/* Phones: one card per event; wider screens: the table. */}
              <ul className="space-y-3 sm:hidden" aria-label="Upcoming volunteer needs">
                {rows.map((row) => {
                  const e = row.event;
                  return (
                    <li key={e.id} data-event-id={e.id} className="rounded-lg border p-4">
                      <p className="font-semibold text-navy-800">{e.title}</p>
                      <p className="text-base text-muted-foreground">{f.dateTime(e.startDate)}</p>
                      {e.repeats ? <p className="text-base text-muted-foreground">Repeats: {e.repeats}</p> : null}
                      {more(row)}
                      <p className="mt-1 text-base">
                        Positions {e.volunteerPositions} · Filled {e.volunteerCount}
                      </p>
                      <div className="mt-3">{action(e)}</div>
                    </li>
                  );
                })}
              </ul>
              <Table containerClassName="hidden sm:block" scrollLabel="Upcoming volunteer needs (scroll sideways to see more)">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Event</TableHead>
                    <TableHead scope="col">Date</TableHead>
                    <TableHead scope="col" className="text-right!">
                      Positions
                    </TableHead>
                    <TableHead scope="col" className="text-right!">
                      Filled
                    </TableHead>
                    <TableHead scope="col">Action</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => {
                    const e = row.event;
                    return (
                      <TableRow key={e.id} data-event-id={e.id}>
                        <TableCell className="font-medium">
                          {e.title}
                          {row.moreDates > 0 ? <span className="block font-normal">{more(row)}</span> : null}
                        </TableCell>
                        <TableCell>{f.dateTime(e.startDate)}</TableCell>
                        <TableCell className="text-right tabular-nums">{e.volunteerPositions}</TableCell>
                        <TableCell className="text-right tabular-nums">{e.volunteerCount}</TableCell>
                        <TableCell>{action(e)}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </>
          );
        }}
      </LoadState>
      {series !== undefined ? (
        <p className="mt-4">
          <Link to="/events" hash="volunteer-needs" resetScroll={false} className="font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2">
            Show every event&apos;s next date
          </Link>
        </p>
      ) : null}
      <p className="mt-4">
        <Link to="/events" className="font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2">
          View all volunteer opportunities
        </Link>
      </p>
    </section>
  );
}
