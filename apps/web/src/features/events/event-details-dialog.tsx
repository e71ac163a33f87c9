import { Link } from '@tanstack/react-router';
import { Picture } from '../../components/picture.tsx';
import { CalendarPlusIcon, PencilIcon } from 'lucide-react';
import { EVENT_TYPE_LABELS } from '@post/contracts/enums/event-type';
import { eventMessages } from '@post/contracts/messages/events';
import type { Event } from '@post/contracts/events';
import type { Holiday } from '@post/contracts/rules/holidays';
import { Badge } from '@post/ui/components/badge';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { cn } from '@post/ui/lib/utils';
import { usePostFormat } from '../../lib/format.ts';
import { plainDateLabel } from './dates.ts';
import { CHIP_CLASS, eventTypeOf } from './event-types.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { useShiftTime } from '../../lib/shift-time.ts';

/** What the popup shows: a stored event, a generated holiday, or an id that matches nothing. */
export type SelectedEvent = { kind: 'event'; event: Event } | { kind: 'holiday'; holiday: Holiday } | { kind: 'missing' };

/** Whether people can still sign up: the event has not started and has open positions. */
export function volunteerState(e: Event, now = Date.now()): 'open' | 'full' | 'past' {
  if (Date.parse(e.startDate) <= now) return 'past';
  return e.volunteerPositions <= 0 || e.volunteerCount >= e.volunteerPositions ? 'full' : 'open';
}

/** The event popup of spec §2: title, start and end, location, description, Volunteer, Edit Event (admins), Close. */
export function EventDetailsDialog({
  selected,
  onClose,
  isAdmin,
  onVolunteer,
}: {
  selected: SelectedEvent | null;
  onClose: () => void;
  isAdmin: boolean;
  onVolunteer: (event: Event) => void;
}) {
  const returnFocus = useReturnFocus(selected !== null);
  return (
    <Dialog open={selected !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent showCloseButton={false} className="sm:max-w-xl!" onCloseAutoFocus={returnFocus}>
        {selected?.kind === 'event' ? <EventBody event={selected.event} isAdmin={isAdmin} onVolunteer={onVolunteer} /> : null}
        {selected?.kind === 'holiday' ? <HolidayBody holiday={selected.holiday} /> : null}
        {selected?.kind === 'missing' ? (
          <>
            <DialogHeader>
              <DialogTitle>{eventMessages.notFound}</DialogTitle>
              <DialogDescription>This event may have been removed. Please choose another event in the calendar.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="font-semibold text-navy-800">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EventBody({ event, isAdmin, onVolunteer }: { event: Event; isAdmin: boolean; onVolunteer: (event: Event) => void }) {
  const f = usePostFormat();
  const type = eventTypeOf(event.type);
  const state = volunteerState(event);
  return (
    <>
      <DialogHeader>
        <Badge variant={null} className={cn('mb-1 border-transparent', CHIP_CLASS[type])}>
          {EVENT_TYPE_LABELS[type]}
        </Badge>
        <DialogTitle>{event.title}</DialogTitle>
        <DialogDescription className="sr-only">Event details</DialogDescription>
      </DialogHeader>
      {event.image ? (
        <Picture image={event.image} alt={event.imageAlt ?? ''} sizes="(min-width: 32rem) 32rem, 100vw" className="h-auto w-full rounded-md" />
      ) : null}
      <dl className="space-y-2">
        <Row label="Start">
          <time dateTime={event.startDate}>{f.dateTime(event.startDate)}</time>
        </Row>
        <Row label="End">
          <time dateTime={event.endDate}>{f.dateTime(event.endDate)}</time>
        </Row>
        {event.repeats ? <Row label="Repeats">{event.repeats}</Row> : null}
        <Row label="Location">{event.location}</Row>
        <Row label="Description">
          <span className="whitespace-pre-line">{event.description}</span>
        </Row>
        {event.volunteerPositions > 0 ? (
          <Row label="Volunteers">
            {event.volunteerCount} of {event.volunteerPositions} positions filled
          </Row>
        ) : null}
        {event.shifts.length ? (
          <Row label="Shifts">
            <ShiftLines shifts={event.shifts} day={event.startDate} />
          </Row>
        ) : null}
      </dl>
      <DialogFooter className="flex-wrap">
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <a href={`/api/events/${event.id}.ics`} download className={buttonVariants({ variant: 'outline' })}>
          <CalendarPlusIcon aria-hidden="true" />
          Add to calendar
        </a>
        {isAdmin ? (
          <Link to="/admin/events/$id" params={{ id: String(event.id) }} className={buttonVariants({ variant: 'secondary' })}>
            <PencilIcon aria-hidden="true" />
            Edit Event
          </Link>
        ) : null}
        {state === 'open' ? (
          <Button variant="destructive" onClick={() => onVolunteer(event)}>
            Volunteer
          </Button>
        ) : state === 'full' && event.volunteerPositions > 0 ? (
          // A full event offers its waitlist (issue 43).
          <Button variant="outline" onClick={() => onVolunteer(event)}>
            Full — join the waitlist
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

/** The popup's shift list: role, time (without the date on the event's own day), "3 of 4 filled". */
function ShiftLines({ shifts, day }: { shifts: Event['shifts']; day: string }) {
  const when = useShiftTime();
  return (
    <ul className="space-y-1">
      {shifts.map((s) => (
        <li key={s.id}>
          <span className="font-semibold">{s.role}</span>, {when(s, day)}:{' '}
          <span className="whitespace-nowrap">{volunteerMessages.filled(s.filled, s.capacity)}</span>
        </li>
      ))}
    </ul>
  );
}

function HolidayBody({ holiday }: { holiday: Holiday }) {
  return (
    <>
      <DialogHeader>
        <Badge variant={null} className={cn('mb-1 border-transparent', CHIP_CLASS.special)}>
          {EVENT_TYPE_LABELS.special}
        </Badge>
        <DialogTitle>{holiday.title}</DialogTitle>
        <DialogDescription className="sr-only">Holiday details</DialogDescription>
      </DialogHeader>
      <dl className="space-y-2">
        <Row label="Start">
          <time dateTime={holiday.date}>{plainDateLabel(holiday.date)}</time> (all day)
        </Row>
        <Row label="End">
          <time dateTime={holiday.date}>{plainDateLabel(holiday.date)}</time>
        </Row>
        <Row label="Location">{holiday.location}</Row>
        <Row label="Description">{holiday.description}</Row>
      </dl>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
