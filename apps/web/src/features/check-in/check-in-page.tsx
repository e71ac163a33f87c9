import { lazy, Suspense, useMemo, useState } from 'react';
import { CloudOffIcon, ScanLineIcon, SearchIcon } from 'lucide-react';
import { toast } from 'sonner';
import { codeFromScan, volunteerIdOfCode } from '@post/contracts/attendance';
import { commonMessages } from '@post/contracts/messages/common';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { errorStatus, serverMessage, trpc } from '../../lib/trpc.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { enqueue, newClientId, type Mark } from './mark-queue.ts';
import { PeopleList, type Shown } from './people-list.tsx';
import { useMarkSync } from './use-mark-sync.ts';
import { WalkInForm } from './walk-in-form.tsx';
import { HoursDialog } from './hours-dialog.tsx';
import { useAdminSession } from '../../lib/use-session.ts';

// The camera and its decoder load only when the scanner opens (decision 0066).
const Scanner = lazy(() => import('./scanner.tsx'));

/** This phone's unsent marks laid over the server's list (issue 44: the page works offline once opened). */
function overlay(people: Shown[], marks: Mark[]): Shown[] {
  const out = people.map((p) => ({ ...p }));
  for (const m of marks) {
    if (m.kind === 'walk-in') {
      out.push({
        key: m.clientId,
        volunteerId: null,
        attendanceId: null,
        name: m.name,
        email: m.email || null,
        phone: m.phone || null,
        role: m.shiftRole ?? null,
        shiftId: m.shiftId ?? null,
        walkIn: true,
        memberId: null,
        checkedInAt: m.at,
        checkedOutAt: null,
        hours: 0,
        hoursOverridden: false,
        hoursReason: null,
        waiting: true,
      });
      continue;
    }
    const p = out.find((x) => (m.kind === 'walk-out' ? x.attendanceId === m.attendanceId : x.volunteerId === m.volunteerId));
    if (!p) continue;
    if (m.kind === 'check-in' && !p.checkedInAt) Object.assign(p, { checkedInAt: m.at, waiting: true });
    if ((m.kind === 'check-out' || m.kind === 'walk-out') && !p.checkedOutAt) Object.assign(p, { checkedOutAt: m.at, waiting: true });
  }
  return out;
}

/**
 * Check-in at the door on a phone (issue 44): find people by name or by scanning their code, mark
 * arrival and departure, add walk-ins. Marks are kept on the phone and sent in order (mark-queue.ts).
 */
export function CheckInPage({ id }: { id: number }) {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  // Kept while offline: a failed refetch leaves the last list on screen.
  const list = trpc.attendance.list.useQuery({ id }, { staleTime: 0, refetchOnWindowFocus: true, refetchInterval: 30_000 });
  const { marks, online, lastError } = useMarkSync(id);
  const [q, setQ] = useState('');
  const [scanning, setScanning] = useState(false);
  // Hours are changed by administrators only (decision 0031); editors mark arrivals and departures.
  const isAdministrator = useAdminSession().data?.role === 'administrator';
  const [hoursFor, setHoursFor] = useState<Shown | null>(null);

  const people = useMemo(() => {
    const base: Shown[] = (list.data?.people ?? []).map((p) => ({ ...p, waiting: false, key: p.volunteerId ? `v${p.volunteerId}` : `a${p.attendanceId}` }));
    return overlay(base, marks);
  }, [list.data, marks]);
  const shown = q.trim() ? people.filter((p) => p.name.toLowerCase().includes(q.trim().toLowerCase())) : people;
  const inCount = people.filter((p) => p.checkedInAt).length;

  const mark = (m: Mark) => {
    enqueue(m);
    if (!navigator.onLine) toast.info(`${m.name}: kept on this phone; it is sent when the connection returns.`);
  };
  const checkIn = (p: Shown) => {
    if (p.volunteerId === null) return;
    if (p.checkedInAt) {
      toast.info(`${p.name}: already checked in at ${f.time(p.checkedInAt)}.`);
      return;
    }
    mark({ clientId: newClientId(), at: new Date().toISOString(), eventId: id, kind: 'check-in', volunteerId: p.volunteerId, name: p.name });
  };
  const checkOut = (p: Shown) => {
    const base = { clientId: newClientId(), at: new Date().toISOString(), eventId: id, name: p.name };
    if (p.volunteerId !== null) mark({ ...base, kind: 'check-out', volunteerId: p.volunteerId });
    else if (p.attendanceId !== null) mark({ ...base, kind: 'walk-out', attendanceId: p.attendanceId });
  };
  const onCode = async (text: string) => {
    const code = codeFromScan(text);
    let volunteerId = volunteerIdOfCode(code);
    if (navigator.onLine) {
      try {
        volunteerId = (await utils.client.attendance.resolveCode.query({ eventId: id, code })).volunteerId;
      } catch (err) {
        if (errorStatus(err) !== undefined) {
          toast.error(serverMessage(err) ?? 'This code could not be read.');
          return;
        }
      }
    }
    const person = people.find((p) => p.volunteerId !== null && p.volunteerId === volunteerId);
    if (!person) {
      toast.error('This code is not a sign-up of this event.');
      return;
    }
    checkIn(person);
  };

  return (
    <Page
      before={
        <BackLink to="/admin/events/$id" params={{ id: String(id) }}>
          Back to the event
        </BackLink>
      }
      title="Check-in"
      intro={list.data ? `${list.data.event.title}, ${f.dateTime(list.data.event.startDate)}` : undefined}
    >
      <AdminTitle text="Check-in" />
      {!online || marks.length > 0 ? (
        <p role="status" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-base text-amber-950">
          <CloudOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {!online ? 'No connection. ' : ''}
          {marks.length > 0
            ? `${marks.length} ${marks.length === 1 ? 'mark is' : 'marks are'} kept on this phone and sent when the connection returns.`
            : 'Marks are kept on this phone and sent when the connection returns.'}
          {lastError ? ` ${lastError}` : ''}
        </p>
      ) : null}
      {list.isError && !list.data ? (
        <ErrorState
          message={errorStatus(list.error) === 404 ? 'This event does not exist. It may have been deleted.' : 'Could not load this event. Please try again.'}
        />
      ) : !list.data ? (
        <LoadingState text={commonMessages.loading} />
      ) : (
        <div className="space-y-6">
          <p className="text-lg" aria-live="polite">
            <strong>{inCount}</strong> of {people.length} checked in
          </p>
          <section aria-labelledby="scan-heading" className="space-y-3">
            <h2 id="scan-heading" className="sr-only">
              Scan a code
            </h2>
            <Button variant={scanning ? 'outline' : 'default'} className="min-h-11" onClick={() => setScanning((s) => !s)} aria-expanded={scanning}>
              <ScanLineIcon aria-hidden="true" />
              {scanning ? 'Close the scanner' : 'Scan a code'}
            </Button>
            {scanning ? (
              <Suspense fallback={<LoadingState text="Opening the camera..." />}>
                <Scanner onCode={(text) => void onCode(text)} />
              </Suspense>
            ) : null}
          </section>
          <section aria-labelledby="people-heading" className="space-y-3">
            <h2 id="people-heading" className="text-2xl font-bold text-navy-800">
              People
            </h2>
            <div className="relative max-w-md">
              <label htmlFor="check-in-search" className="mb-1 block text-base font-semibold">
                Find by name
              </label>
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-5 text-muted-foreground" />
              <Input id="check-in-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} className="pl-10" autoComplete="off" />
            </div>
            <PeopleList people={shown} onIn={checkIn} onOut={checkOut} onHours={isAdministrator ? setHoursFor : undefined} />
            {hoursFor ? <HoursDialog eventId={id} person={hoursFor} onClose={() => setHoursFor(null)} /> : null}
          </section>
          <section aria-labelledby="walk-in-heading" className="space-y-3 rounded-lg border bg-card p-4">
            <h2 id="walk-in-heading" className="text-2xl font-bold text-navy-800">
              Add a walk-in
            </h2>
            <WalkInForm
              eventId={id}
              shifts={list.data.shifts}
              onAdd={(v) => mark({ clientId: newClientId(), at: new Date().toISOString(), eventId: id, kind: 'walk-in', ...v })}
            />
          </section>
        </div>
      )}
    </Page>
  );
}
