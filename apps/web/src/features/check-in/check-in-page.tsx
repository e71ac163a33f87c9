import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ScanLineIcon, SearchIcon } from 'lucide-react';
import { toast } from 'sonner';
import { codeFromScan, volunteerIdOfCode } from '@post/contracts/check-in-code';
import type { DoorList } from '@post/contracts/door';
import { commonMessages } from '@post/contracts/messages/common';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { errorStatus, serverMessage, trpc } from '../../lib/trpc.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import {
  dequeue,
  enqueue,
  keepDoorPage,
  registerDoorWorker,
  newClientId,
  queueState,
  saveDoorList,
  saveDoorSession,
  storedDoorList,
  type Mark,
} from '../../lib/door-store.ts';
import { PeopleList, type Shown } from './people-list.tsx';
import { overlay, roomFor } from './door-overlay.ts';
import { useMarkSync } from './use-mark-sync.ts';
import { CheckOutMilesField, WalkInUnitField, useDoorReportFields } from './door-report-fields.tsx';
import { Decisions, DoorStatus, GivePlaceDialog, NoOneShown, PartBoundary, ViewSwitch, walkInOf, type DoorView } from './door-parts.tsx';
import { arrivingNow, isArriving, useNow } from './arriving.ts';
import { PaperEntry } from './paper-entry.tsx';
import { HoursForm, WalkInPart } from './door-forms.tsx';
import { useAdminSession } from '../../lib/use-session.ts';

// The camera and its decoder load only when the scanner opens (decision 0066); the service worker
// keeps their code for use without signal (decision 0084).
const Scanner = lazy(() => import('./scanner.tsx'));

/**
 * Check-in at the door on a phone (issues 44, 59): find people by name or by scanning their code,
 * mark arrival and departure, add walk-ins. Works without signal once opened: the list and the
 * marks are kept on the phone (lib/door-store.ts) and the marks sent in order when it returns.
 */
export function CheckInPage({ id, view: chosen, onView }: { id: number; view?: DoorView; onView: (v: DoorView) => void }) {
  const f = usePostFormat();
  const utils = trpc.useUtils();
  const list = trpc.door.list.useQuery({ id }, { staleTime: 0, refetchOnWindowFocus: true, refetchInterval: 30_000 });
  const session = useAdminSession();
  const [stored, setStored] = useState<{ list: DoorList; savedAt: string } | null | undefined>(undefined);
  const { marks, decisions, online, lastError, loaded } = useMarkSync(id);
  const [q, setQ] = useState('');
  const [scanning, setScanning] = useState(false);
  // Hours are changed by administrators only (decision 0031); editors mark arrivals and departures.
  const isAdministrator = session.data?.role === 'administrator';
  const [hoursFor, setHoursFor] = useState<Shown | null>(null);
  const [askPlace, setAskPlace] = useState<Shown | null>(null);
  const [ready, setReady] = useState(false);
  const report = useDoorReportFields(id);

  useEffect(() => {
    let live = true;
    void storedDoorList(id).then((s) => live && setStored(s ?? null));
    return () => {
      live = false;
    };
  }, [id]);
  // Each fresh list is kept on the phone with the sign-in and the page itself: ready for the door.
  useEffect(() => {
    if (!list.data || !session.data?.authenticated) return;
    // The service worker comes with the door: an administrator who never uses it downloads nothing more (decision 0084).
    registerDoorWorker();
    void Promise.all([saveDoorList(list.data), saveDoorSession(session.data), keepDoorPage(window.location.pathname).catch(() => undefined)]).then(() =>
      setReady(true),
    );
  }, [list.data, session.data]);

  const data = list.data ?? stored?.list;
  const people = useMemo(() => {
    const base: Shown[] = (data?.people ?? []).map((p) => ({ ...p, pendingMark: null, key: p.volunteerId ? `v${p.volunteerId}` : `a${p.attendanceId}` }));
    return overlay(base, marks);
  }, [data, marks]);
  const now = useNow();
  const arriving = useMemo(() => (data ? arrivingNow(data, now) : null), [data, now]);
  // Arriving now while a shift is arriving, else everyone by shift, until the officer picks a view (decision 0093).
  const view = chosen ?? (arriving && (arriving.shiftIds.size > 0 || arriving.event) ? 'arriving' : 'shifts');
  const needle = q.trim().toLowerCase();
  // A name searched is found among everyone, whatever the view: people come early and late.
  const show = (m: Shown) => (needle ? m.name.toLowerCase().includes(needle) : view !== 'arriving' || (!!arriving && !!data && isArriving(arriving, m, data)));
  const placed = people.filter((p) => p.status === 'confirmed');
  const inCount = placed.filter((p) => p.checkedInAt).length;

  const mark = (m: Mark) => {
    enqueue(m);
    const undo = { label: 'Undo', onClick: () => undoMark(m.clientId, m.name) };
    if (!navigator.onLine) toast.info(`${m.name}: kept on this phone; it is sent when the connection returns.`, { action: undo });
  };
  /** Takes back a mark not sent yet: it leaves the phone (a sent one is taken back by the server, undoSent). */
  const undoMark = (clientId: string, name: string) => {
    if (!queueState().marks.some((m) => m.clientId === clientId)) {
      toast.info(`${name}: the mark was already sent. Use Undo on their row.`);
      return;
    }
    dequeue(clientId);
    toast.info(`${name}: the mark was taken back.`);
  };
  const undoSent = async (p: Shown) => {
    if (p.attendanceId === null) return;
    try {
      const res = await utils.client.door.undo.mutate({ id: p.attendanceId, mark: p.checkedOutAt ? 'check-out' : 'check-in' });
      toast.success(res.message);
      await utils.door.list.invalidate({ id });
    } catch (err) {
      toast.error(
        errorStatus(err) === undefined
          ? 'Taking a mark back needs a connection. Try again when it returns.'
          : (serverMessage(err) ?? 'Could not take the mark back.'),
      );
    }
  };
  const checkIn = (p: Shown) => {
    if (p.volunteerId === null) return;
    if (p.checkedInAt) {
      toast.info(`${p.name}: already checked in at ${f.time(p.checkedInAt)}.`);
      return;
    }
    const base = { clientId: newClientId(), at: new Date().toISOString(), eventId: id, volunteerId: p.volunteerId, name: p.name, role: p.role };
    if (p.status === 'waitlisted') {
      // A waiting person gets the place when there is room; otherwise the officer decides (issue 59).
      if (data && roomFor(data, p, marks) > 0) mark({ ...base, kind: 'place', overCapacity: false });
      else setAskPlace(p);
      return;
    }
    mark({ ...base, kind: 'check-in' });
  };
  const checkOut = (p: Shown) => {
    const base = { clientId: newClientId(), at: new Date().toISOString(), eventId: id, name: p.name, miles: report.miles };
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

  const failed = list.isError && !data;
  return (
    <Page
      before={
        <BackLink to="/admin/events/$id" params={{ id: String(id) }}>
          Back to the event
        </BackLink>
      }
      title="Check-in"
      intro={data ? `${data.event.title}, ${f.dateTime(data.event.startDate)}` : undefined}
    >
      <AdminTitle text="Check-in" />
      <DoorStatus
        online={online}
        pending={marks.length}
        ready={ready}
        listAsOf={!online && !list.data && stored ? stored.savedAt : null}
        lastError={lastError}
      />
      {decisions.length > 0 ? <Decisions decisions={decisions} shifts={data?.shifts ?? []} /> : null}
      {failed ? (
        <ErrorState
          message={errorStatus(list.error) === 404 ? 'This event does not exist. It may have been deleted.' : 'Could not load this event. Please try again.'}
        />
      ) : !data ? (
        <LoadingState
          text={!online && stored === null ? 'This event was not opened on this phone with a connection: its list is not here.' : commonMessages.loading}
        />
      ) : (
        <div className="space-y-6">
          <p className="text-lg" aria-live="polite">
            <strong>{inCount}</strong> of {placed.length} checked in
          </p>
          <ViewSwitch view={view} onView={onView} />
          {view === 'paper' ? (
            <section aria-labelledby="paper-heading" className="space-y-3">
              <h2 id="paper-heading" className="text-2xl font-bold text-navy-800">
                Type in the paper sheet
              </h2>
              <PaperEntry list={data} people={people} onSave={(ms) => ms.forEach((m) => enqueue(m))} />
            </section>
          ) : (
            <>
              <section aria-labelledby="scan-heading" className="space-y-3">
                <h2 id="scan-heading" className="sr-only">
                  Scan a code
                </h2>
                <Button variant={scanning ? 'outline' : 'default'} className="min-h-11" onClick={() => setScanning((s) => !s)} aria-expanded={scanning}>
                  <ScanLineIcon aria-hidden="true" />
                  {scanning ? 'Close the scanner' : 'Scan a code'}
                </Button>
                {scanning ? (
                  <PartBoundary what="The scanner">
                    <Suspense fallback={<LoadingState text="Opening the camera..." />}>
                      <Scanner onCode={(text) => void onCode(text)} />
                    </Suspense>
                  </PartBoundary>
                ) : null}
              </section>
              <section aria-labelledby="people-heading" className="space-y-3">
                <h2 id="people-heading" className="text-2xl font-bold text-navy-800">
                  {view === 'arriving' && !needle ? 'Arriving now' : 'People'}
                </h2>
                <div className="relative max-w-md">
                  <label htmlFor="check-in-search" className="mb-1 block text-base font-semibold">
                    Find by name
                  </label>
                  <SearchIcon aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-5 text-muted-foreground" />
                  <Input id="check-in-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} className="pl-10" autoComplete="off" />
                </div>
                <CheckOutMilesField eventId={id} fields={report} />
                <PeopleList
                  people={people}
                  shifts={data.shifts}
                  show={show}
                  empty={<NoOneShown needle={needle} next={arriving?.next ?? null} arrivingView={view === 'arriving'} onShowAll={() => onView('shifts')} />}
                  onIn={checkIn}
                  onOut={checkOut}
                  onUndo={(p) => p.pendingMark && undoMark(p.pendingMark, p.name)}
                  onUndoSent={(p) => void undoSent(p)}
                  onHours={isAdministrator ? setHoursFor : undefined}
                />
                {hoursFor ? <HoursForm eventId={id} person={hoursFor} onClose={() => setHoursFor(null)} /> : null}
              </section>
              <section aria-labelledby="walk-in-heading" className="space-y-3 rounded-lg border bg-card p-4">
                <h2 id="walk-in-heading" className="text-2xl font-bold text-navy-800">
                  Add a walk-in
                </h2>
                <WalkInPart
                  eventId={id}
                  shifts={data.shifts}
                  onAdd={(v) => mark({ clientId: newClientId(), at: new Date().toISOString(), eventId: id, kind: 'walk-in', ...v, unit: report.takeUnit() })}
                  extra={<WalkInUnitField fields={report} />}
                />
              </section>
            </>
          )}
        </div>
      )}
      {askPlace && data ? (
        <GivePlaceDialog
          person={askPlace}
          onClose={() => setAskPlace(null)}
          onGive={() => {
            mark({
              clientId: newClientId(),
              at: new Date().toISOString(),
              eventId: id,
              kind: 'place',
              volunteerId: askPlace.volunteerId!,
              name: askPlace.name,
              role: askPlace.role,
              overCapacity: true,
            });
            setAskPlace(null);
          }}
          onWalkIn={() => {
            mark(walkInOf({ eventId: id, name: askPlace.name, at: new Date().toISOString(), shiftId: askPlace.shiftId, role: askPlace.role }));
            setAskPlace(null);
          }}
        />
      ) : null}
      {!loaded ? <span className="sr-only">{commonMessages.loading}</span> : null}
    </Page>
  );
}
