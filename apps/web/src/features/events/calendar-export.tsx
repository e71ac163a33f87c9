import { DownloadIcon, SmartphoneIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { useSiteOrigin } from '../../lib/seo.ts';

/**
 * Export of the post's events (decisions §4): the .ics file, a webcal:// subscription for
 * iPhone and a Google Calendar subscription for Android, all to the same feed.
 */

export function CalendarExport() {
  const origin = useSiteOrigin();
  const feed = `${origin}/api/events.ics`;
  const webcal = feed.replace(/^https?:/, 'webcal:');
  const google = `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;
  const cls = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Export or subscribe to the calendar">
      <a href="/api/events.ics" download="events.ics" className={cls} title="Download the events as an iCalendar (.ics) file">
        <DownloadIcon aria-hidden="true" />
        Export
      </a>
      <a href={webcal} className={cls} title="Subscribe in the iPhone Calendar app">
        <SmartphoneIcon aria-hidden="true" />
        iPhone
      </a>
      <a href={google} className={cls} target="_blank" rel="noopener noreferrer" title="Subscribe in Google Calendar (Android)">
        <SmartphoneIcon aria-hidden="true" />
        Android
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
