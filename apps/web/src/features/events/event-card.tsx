import { Link } from '@tanstack/react-router';
import { Picture } from '../../components/picture.tsx';
import { MapPinIcon, UsersIcon } from 'lucide-react';
import { EVENT_TYPE_LABELS } from '@post/contracts/enums/event-type';
import type { EventWithVolunteers } from '@post/contracts/events';
import { Skeleton } from '@post/ui/components/skeleton';
import { cn } from '@post/ui/lib/utils';
import { usePostFormat } from '../../lib/format.ts';
import { CARD_HEADER_CLASS, eventTypeOf } from './event-types.ts';

/** An upcoming event as a card (home page): header coloured by type, date and time in the post's zone. */
export function EventCard({ event, compact = false }: { event: EventWithVolunteers; compact?: boolean }) {
  const f = usePostFormat();
  const type = eventTypeOf(event.type);
  const sameDay = f.date(event.startDate) === f.date(event.endDate);
  return (
    <article data-slot="event-card" className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <header className={cn('px-5 py-3', CARD_HEADER_CLASS[type])}>
        <p className="text-sm font-semibold tracking-wide uppercase">{EVENT_TYPE_LABELS[type]}</p>
        <p className="font-semibold">
          <time dateTime={event.startDate}>{f.longDate(event.startDate)}</time>
        </p>
        <p>
          {f.time(event.startDate)} – {sameDay ? f.time(event.endDate) : f.dateTime(event.endDate)}
        </p>
      </header>
      {event.image ? (
        <Picture
          image={event.image}
          alt={event.imageAlt ?? ''}
          sizes="(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw"
          className="aspect-video h-auto w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="line-clamp-2 text-xl leading-snug font-bold text-navy-800">{event.title}</h3>
        <p className="flex items-start gap-2 text-base text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
          <span className="line-clamp-2">{event.location}</span>
        </p>
        {compact ? null : <p className="line-clamp-3 text-base">{event.description}</p>}
        {event.volunteers.length > 0 ? (
          <p className="flex items-start gap-2 text-base text-muted-foreground">
            <UsersIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
            <span className="line-clamp-2">
              <span className="font-medium text-foreground">Volunteers: </span>
              {event.volunteers.map((v) => v.name).join(', ')}
            </span>
          </p>
        ) : null}
        <Link
          to="/events"
          search={{ id: event.id }}
          className="mt-auto self-start pt-2 font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
        >
          View Details<span className="sr-only">: {event.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** Placeholder of the same size as an event card. */
export function EventCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border">
      <Skeleton className="h-[6.4rem] rounded-none!" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        {compact ? null : (
          <>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </>
        )}
        <Skeleton className="h-5 w-28" />
      </div>
    </div>
  );
}
