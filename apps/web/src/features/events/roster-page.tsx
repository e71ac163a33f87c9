import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DownloadIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { useShiftTime } from '../../lib/shift-time.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { RemoveVolunteer } from './event-volunteers.tsx';
import { PromoteVolunteer } from './promote-button.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { AdminTable } from '../../components/admin-table.tsx';
import { Pager, SearchBox } from '../../components/list-controls.tsx';

/** The roster's filter in the URL: /admin/volunteers?eventId=12&q=smith&page=2. */
export interface RosterSearch {
  eventId?: number;
  q?: string;
  page?: number;
}

/** The CSV download of the same filter (a plain link: the server answers with a file under the admin session). */
export function rosterCsvHref(s: RosterSearch): string {
  const p = new URLSearchParams();
  if (s.eventId) p.set('eventId', String(s.eventId));
  if (s.q) p.set('q', s.q);
  const qs = p.toString();
  return `/api/admin/volunteers.csv${qs ? `?${qs}` : ''}`;
}

/**
 * The volunteer roster (issue 20): every sign-up of events that have not ended, filtered by
 * event and searched, 25 a page, with the CSV of the same filter, Remove, and Give a place to
 * someone waiting.
 */
export function RosterPage({ search }: { search: RosterSearch }) {
  const f = usePostFormat();
  const when = useShiftTime();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const roster = trpc.volunteers.roster.useQuery({ eventId: search.eventId, q: search.q, page }, { placeholderData: keepPreviousData });
  const go = (next: RosterSearch) => void navigate({ to: '/admin/volunteers', search: { eventId: search.eventId, q: search.q, ...next }, resetScroll: false });
  const events = roster.data?.events ?? [];
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Volunteer Roster"
      intro="Who signed up for the events that have not ended yet."
      actions={
        <a href={rosterCsvHref(search)} download className={buttonVariants()}>
          <DownloadIcon aria-hidden="true" />
          Download CSV
        </a>
      }
    >
      <AdminTitle text="Volunteer Roster" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="w-full max-w-sm">
          <label htmlFor="roster-event" className="mb-1 block text-base font-semibold">
            Event
          </label>
          <select
            id="roster-event"
            className={cn(selectClass)}
            value={search.eventId ? String(search.eventId) : ''}
            onChange={(e) => go({ eventId: e.target.value ? Number(e.target.value) : undefined, page: undefined })}
          >
            <option value="">All upcoming events</option>
            {search.eventId && !events.some((e) => e.id === search.eventId) ? <option value={String(search.eventId)}>Event {search.eventId}</option> : null}
            {events.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.title}, {f.date(e.startDate)} ({e.volunteerCount})
              </option>
            ))}
          </select>
        </div>
        <SearchBox
          label="Search volunteers"
          placeholder="Name, e-mail, phone or role"
          value={search.q ?? ''}
          onSearch={(q) => go({ q: q || undefined, page: undefined })}
        />
      </div>
      <AdminTable
        label="Volunteers"
        query={{ data: roster.data?.items, isPending: roster.isPending, error: roster.error, refetch: roster.refetch }}
        empty={search.q || search.eventId ? 'No sign-ups match this filter.' : 'No one has signed up for an upcoming event yet.'}
        columns={[
          {
            header: 'Event',
            cell: (v) => (
              <span>
                <span className="block font-semibold">{v.eventTitle}</span>
                <span className="block text-sm text-muted-foreground md:whitespace-nowrap">
                  {f.date(v.eventStart)}, {f.time(v.eventStart)}
                </span>
              </span>
            ),
          },
          { header: 'Name', cell: (v) => v.name },
          {
            header: 'Contact',
            cell: (v) => (
              <span className="min-w-0">
                <a
                  href={`mailto:${v.email}`}
                  className="flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6 [overflow-wrap:anywhere]"
                >
                  {v.email}
                </a>
                {v.phone ? (
                  <a href={`tel:${v.phone}`} className="flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6 md:whitespace-nowrap">
                    {v.phone}
                  </a>
                ) : null}
              </span>
            ),
          },
          // With shifts, the shift's role and time; people waiting show their place (issue 43, decision 0096).
          {
            header: 'Role',
            cell: (v) => (
              <span>
                <span className="block">{v.shift ?? v.role ?? '-'}</span>
                {v.shiftStart && v.shiftEnd ? (
                  <span className="block text-sm text-muted-foreground md:whitespace-nowrap">
                    {when({ startDate: v.shiftStart, endDate: v.shiftEnd }, v.eventStart)}
                  </span>
                ) : null}
                {v.status === 'waitlisted' ? (
                  <span className="mt-1 block w-fit rounded bg-amber-100 px-1.5 text-sm font-semibold text-amber-950">
                    {v.position ? `Waitlist, place ${v.position}` : 'Waitlist'}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            header: 'Signed up',
            cell: (v) => (
              <span>
                <span className="block md:whitespace-nowrap">{f.date(v.signedUpAt)}</span>
                <span className="block text-sm text-muted-foreground">{f.time(v.signedUpAt)}</span>
              </span>
            ),
          },
        ]}
        // Someone waiting can be given a place by hand here too (issue 43).
        actions={(v) => (
          <>
            {v.status === 'waitlisted' ? <PromoteVolunteer id={v.id} name={v.name} /> : null}
            <RemoveVolunteer id={v.id} name={v.name} />
          </>
        )}
      />
      {roster.data && roster.data.total > 0 ? (
        <Pager
          label="Volunteers"
          page={roster.data.page}
          pageSize={roster.data.pageSize}
          total={roster.data.total}
          onPage={(p) => go({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </Page>
  );
}
