import { useSiteOrigin } from '../../lib/seo.ts';
import type { Event } from '@post/contracts/events';

/** schema.org Event data of the post's events, for search engines (JSON, not a script that runs). */
export function EventsJsonLd({ events, postName, address }: { events: Event[]; postName: string; address: string }) {
  const origin = useSiteOrigin();
  const data = events.map((e) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.description,
    startDate: e.startDate,
    endDate: e.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: e.location, address },
    organizer: { '@type': 'Organization', name: postName, url: origin || undefined },
    url: origin ? `${origin}/events?id=${e.id}` : undefined,
  }));
  // '<' escaped so no text can close the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
