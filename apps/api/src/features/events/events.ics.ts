import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { CalendarEventRow } from './calendar-rows.ts';

/** What an iCalendar file needs besides the events. */
export interface CalendarOptions {
  /** The post's name (X-WR-CALNAME, PRODID). */
  postName: string;
  /** The post's IANA time zone: times are written in it, with its VTIMEZONE. */
  timeZone: string;
  /** The site's public address without a trailing slash, e.g. https://post.example.org. */
  baseUrl: string;
}

/** How often subscribed calendar apps should fetch the feed again. */
export const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * The VTIMEZONE block of a zone, from the tz data shipped inside timezones-ical-library (no
 * network), and the TZID it defines (an alias such as UTC comes back as Etc/UTC). Null when
 * the library does not know the zone.
 */
export function vtimezone(timeZone: string): { tzid: string; block: string } | null {
  let result: unknown;
  try {
    result = tzlib_get_ical_block(timeZone);
  } catch {
    return null;
  }
  const block = Array.isArray(result) ? String(result[0] ?? '') : '';
  const tzid = /^TZID:(.+)$/m.exec(block)?.[1]?.trim();
  if (!block.startsWith('BEGIN:VTIMEZONE') || !tzid) return null;
  return { tzid, block: block.replace(/\r?\n/g, '\r\n').replace(/(\r\n)*$/, '') };
}

/** UID of an event: stable across edits and exports, so calendar apps update instead of duplicating. */
export function eventUid(id: number, baseUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `event-${id}@${host}`;
}

/**
 * An RFC 5545 calendar of the given events, with times in the post's time zone.
 *
 * ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED in local time (no Z) once a
 * calendar-wide zone is set, which RFC 5545 forbids; so the zone is set on each event only
 * and the VTIMEZONE it refers to is added to the calendar here.
 */
export function buildCalendar(events: CalendarEventRow[], opts: CalendarOptions): string {
  const zone = vtimezone(opts.timeZone);
  const cal = new ICalCalendar({
    name: opts.postName,
    prodId: { company: opts.postName, product: 'Events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  const at = (d: Date) => (zone ? new TZDate(d.getTime(), zone.tzid) : d);
  for (const e of events) {
    cal.createEvent({
      id: e.shiftId ? eventUid(e.id, opts.baseUrl).replace('@', `-shift-${e.shiftId}@`) : eventUid(e.id, opts.baseUrl),
      sequence: e.sequence,
      stamp: e.updatedAt,
      created: e.createdAt,
      lastModified: e.updatedAt,
      start: at(e.startDate),
      end: at(e.endDate),
      timezone: zone?.tzid ?? null,
      summary: plain(e.title),
      description: plain(e.description),
      location: plain(e.location),
      url: `${opts.baseUrl}/events?id=${e.id}`,
    });
  }
  const text = cal.toString().replace(/(\r\n)*$/, '');
  const lines = text.split('\r\n');
  if (zone) {
    // The VTIMEZONE goes before the first event (or the end), X-WR-TIMEZONE with the other calendar properties.
    let at = lines.findIndex((l) => l === 'BEGIN:VEVENT');
    if (at < 0) at = lines.length - 1;
    lines.splice(at, 0, `X-WR-TIMEZONE:${zone.tzid}`, ...zone.block.split('\r\n'));
  }
  return lines.join('\r\n') + '\r\n';
}

// RFC 5545 text may not carry control characters (other than the line breaks the library escapes).
function plain(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
