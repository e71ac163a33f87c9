import { createPortal } from 'react-dom';
import { PrinterCheckIcon } from 'lucide-react';
import type { EventDetail } from '@post/contracts/events';
import { Button } from '@post/ui/components/button';
import { Page } from '../../layout/page.tsx';
import { useShiftTime } from '../../lib/shift-time.ts';
import { usePostFormat } from '../../lib/format.ts';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { commonMessages } from '@post/contracts/messages/common';

/** Rows on the sheet: every volunteer, and blank lines for walk-ins up to one full page. */
export const SHEET_ROWS = 25;
/** Spare rows for walk-ins: under each shift beyond its places, and at least this many on a sheet without shifts (issue 59). */
const WALK_IN_ROWS = 3;

/**
 * The sign-in sheet of an event (issue 20): event, date, place, and a table of name, role,
 * phone and a blank signature column. The screen shows a preview and Print; print gives only
 * the sheet (sign-in-sheet.css), one page for up to 25 names.
 */
export function SignInSheetPage({ id }: { id: number }) {
  const event = trpc.events.byId.useQuery({ id });
  return (
    <Page
      before={
        <BackLink to="/admin/events/$id" params={{ id: String(id) }}>
          Back to the event
        </BackLink>
      }
      title="Sign-in Sheet"
    >
      <AdminTitle text="Sign-in Sheet" />
      {event.isError ? (
        <ErrorState
          message={errorStatus(event.error) === 404 ? 'This event does not exist. It may have been deleted.' : 'Could not load this event. Please try again.'}
        />
      ) : !event.data ? (
        <LoadingState text={commonMessages.loading} />
      ) : (
        <>
          <p className="mb-4 print:hidden">
            <Button onClick={() => window.print()}>
              <PrinterCheckIcon aria-hidden="true" />
              Print
            </Button>
          </p>
          {/* A preview of the printed page: on a phone it scrolls sideways (the sheet keeps its print width). */}
          <div
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
            tabIndex={0}
            role="region"
            aria-label="Preview of the sheet (scroll sideways to see more)"
            className="overflow-x-auto rounded-lg border bg-white p-4 text-black shadow-sm sm:p-8 print:hidden"
          >
            <Sheet event={event.data} />
          </div>
          {createPortal(
            <div data-sign-in-sheet="" className="hidden bg-white text-black print:block">
              <Sheet event={event.data} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Page>
  );
}

type SheetVolunteer = EventDetail['volunteers'][number];

/** The sheet's blocks: one per shift (issue 43), or one for an event without shifts; each with its waitlist. */
function blocksOf(event: EventDetail, when: (s: { startDate: string; endDate: string }, day?: string) => string) {
  const confirmed = (v: SheetVolunteer) => v.status !== 'waitlisted';
  if (event.shifts.length === 0)
    return [
      { key: 'event', heading: null, rows: event.volunteers.filter(confirmed), waiting: event.volunteers.filter((v) => !confirmed(v)), size: SHEET_ROWS },
    ];
  return event.shifts.map((s) => {
    const mine = event.volunteers.filter((v) => v.shiftId === s.id);
    return {
      key: String(s.id),
      heading: `${s.role}, ${when(s, event.startDate)}`,
      rows: mine.filter(confirmed),
      waiting: mine.filter((v) => !confirmed(v)),
      size: s.capacity,
    };
  });
}

function Sheet({ event }: { event: EventDetail }) {
  const f = usePostFormat();
  const when = useShiftTime();
  const postName = useSiteSettings().data.postName;
  return (
    <article aria-label={`Sign-in sheet: ${event.title}`} className="min-w-[36rem] text-[11pt] leading-snug">
      <p className="text-[10pt] tracking-wide uppercase">{postName} · Volunteer sign-in</p>
      <h2 className="mt-1 text-[18pt] font-bold">{event.title}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        <dt className="font-semibold">Date</dt>
        <dd>
          {f.dateTime(event.startDate)} to {f.time(event.endDate)}
        </dd>
        <dt className="font-semibold">Place</dt>
        <dd>{event.location}</dd>
      </dl>
      {blocksOf(event, when).map((b) => (
        <section key={b.key} className="break-inside-avoid">
          {b.heading ? <h3 className="mt-4 text-[13pt] font-bold">{b.heading}</h3> : null}
          <SheetTable
            label={b.heading ?? 'Volunteers'}
            rows={b.rows}
            blanks={b.key === 'event' ? Math.max(b.size - b.rows.length, WALK_IN_ROWS) : Math.max(0, b.size - b.rows.length) + WALK_IN_ROWS}
          />
          {b.waiting.length ? (
            <p className="mt-1">
              <span className="font-semibold">Waitlist, in order: </span>
              {b.waiting.map((v) => v.name).join(', ')}
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}

function SheetTable({ label, rows, blanks }: { label: string; rows: SheetVolunteer[]; blanks: number }) {
  return (
    <table className="mt-4 w-full border-collapse" aria-label={label}>
      <thead>
        <tr>
          <th scope="col" className="w-8 border border-black px-2 py-1 text-left">
            #
          </th>
          <th scope="col" className="w-[26%] border border-black px-2 py-1 text-left">
            Name
          </th>
          <th scope="col" className="w-[14%] border border-black px-2 py-1 text-left">
            Role
          </th>
          <th scope="col" className="w-[15%] border border-black px-2 py-1 text-left">
            Phone
          </th>
          <th scope="col" className="w-[10%] border border-black px-2 py-1 text-left">
            Time in
          </th>
          <th scope="col" className="w-[10%] border border-black px-2 py-1 text-left">
            Time out
          </th>
          <th scope="col" className="border border-black px-2 py-1 text-left">
            Signature
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((v, i) => (
          <tr key={v.id} className="h-[8.2mm] break-inside-avoid">
            <td className="border border-black px-2 tabular-nums">{i + 1}</td>
            <td className="border border-black px-2">{v.name}</td>
            <td className="border border-black px-2">{v.role ?? ''}</td>
            <td className="border border-black px-2 whitespace-nowrap">{v.phone ?? ''}</td>
            <td className="border border-black px-2" />
            <td className="border border-black px-2" />
            <td className="border border-black px-2" />
          </tr>
        ))}
        {Array.from({ length: blanks }, (_, i) => (
          <tr key={`blank-${i}`} className="h-[8.2mm]" aria-hidden="true">
            <td className="border border-black px-2 tabular-nums">{rows.length + i + 1}</td>
            <td className="border border-black" />
            <td className="border border-black" />
            <td className="border border-black" />
            <td className="border border-black" />
            <td className="border border-black" />
            <td className="border border-black" />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
