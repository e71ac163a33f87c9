import { Component, type ReactNode } from 'react';
import { AlertTriangleIcon, CheckCircle2Icon, CloudOffIcon } from 'lucide-react';
import type { DoorList } from '@post/contracts/door';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { usePostFormat } from '../../lib/format.ts';
import { decide, newClientId, type Decision, type Mark } from '../../lib/door-store.ts';
import type { Shown } from './people-list.tsx';

// The check-in page's parts for what goes wrong at the door (issue 59, decision 0084): the
// "Give a place?" question, the refused marks awaiting a decision, a part that fails on its own.

/** A waiting person added as a walk-in instead: their name and shift, checked in at the mark's time. */
export function walkInOf(p: { eventId: number; name: string; at: string; shiftId: number | null; role: string | null }): Mark {
  return { clientId: newClientId(), at: p.at, eventId: p.eventId, kind: 'walk-in', name: p.name, email: '', phone: '', shiftId: p.shiftId, shiftRole: p.role };
}

/** "Give a place?": the shift is full, so the officer at the door decides (issue 59), with or without signal. */
export function GivePlaceDialog({ person, onClose, onGive, onWalkIn }: { person: Shown; onClose: () => void; onGive: () => void; onWalkIn: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Give a place?</DialogTitle>
          <DialogDescription>
            {person.name} is on the waitlist{person.role ? ` for ${person.role}` : ''} and there is no room left. Give them a place anyway (over the capacity),
            or add them as a walk-in.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-3!">
          <DialogClose asChild>
            <Button type="button" variant="outline" className="min-h-11">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="outline" className="min-h-11" onClick={onWalkIn}>
            Add as a walk-in
          </Button>
          <Button type="button" className="min-h-11" onClick={onGive}>
            Give a place and check in
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Marks the server refused: kept with its reason until someone acts (issue 59), never a toast alone. */
export function Decisions({ decisions, shifts }: { decisions: Decision[]; shifts: DoorList['shifts'] }) {
  const f = usePostFormat();
  return (
    <section aria-labelledby="decisions-heading" className="mb-6 space-y-3 rounded-lg border-2 border-flag-red-700 bg-red-50 p-4">
      <h2 id="decisions-heading" className="flex items-center gap-2 text-2xl font-bold text-flag-red-700">
        <AlertTriangleIcon aria-hidden="true" className="size-6" />
        Needs a decision
      </h2>
      <ul className="space-y-3">
        {decisions.map(({ mark, reason, noRoom }) => {
          const role = 'role' in mark ? (mark.role ?? null) : mark.kind === 'walk-in' || mark.kind === 'paper' ? (mark.shiftRole ?? null) : null;
          const shiftId = mark.kind === 'walk-in' || mark.kind === 'paper' ? (mark.shiftId ?? null) : (shifts.find((s) => s.role === role)?.id ?? null);
          const what =
            mark.kind === 'paper'
              ? `paper sheet, ${[mark.inAt ? `in ${f.time(mark.inAt)}` : null, mark.outAt ? `out ${f.time(mark.outAt)}` : null].filter(Boolean).join(', ')}`
              : `${mark.kind === 'check-out' || mark.kind === 'walk-out' ? 'check-out' : 'check-in'} at ${f.time(mark.at)}`;
          const canPlace = (mark.kind === 'check-in' || mark.kind === 'place') && (noRoom || mark.kind === 'check-in');
          return (
            <li key={mark.clientId} className="space-y-2 rounded-lg border bg-card p-3">
              <p className="text-lg font-semibold">
                {mark.name}: {what}
              </p>
              <p className="text-base">{reason}</p>
              <div className="flex flex-wrap gap-2">
                {canPlace ? (
                  <Button
                    className="min-h-11"
                    onClick={() =>
                      decide(mark.clientId, {
                        ...mark,
                        clientId: newClientId(),
                        kind: 'place',
                        volunteerId: (mark as { volunteerId: number }).volunteerId,
                        overCapacity: true,
                      })
                    }
                  >
                    Give a place
                  </Button>
                ) : null}
                {mark.kind === 'check-in' || mark.kind === 'place' ? (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    onClick={() => decide(mark.clientId, walkInOf({ eventId: mark.eventId, name: mark.name, at: mark.at, shiftId, role }))}
                  >
                    Add as a walk-in
                  </Button>
                ) : null}
                {mark.kind === 'paper' && mark.volunteerId !== null && mark.inAt ? (
                  <Button
                    variant="outline"
                    className="min-h-11"
                    onClick={() => decide(mark.clientId, { ...mark, clientId: newClientId(), volunteerId: null, attendanceId: null, shiftId })}
                  >
                    Add as a walk-in
                  </Button>
                ) : null}
                <Button variant="outline" className="min-h-11" onClick={() => decide(mark.clientId)} aria-label={`Discard the mark of ${mark.name}`}>
                  Discard
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One part of the page that fails (the scanner's code, the camera) says so and leaves the rest working. */
export class PartBoundary extends Component<{ what: string; hint?: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-dashed p-4 text-base">
        <p>
          {this.props.what} could not be opened{navigator.onLine ? '' : ' without a connection'}.{' '}
          {this.props.hint ?? 'Find the person by name below, or try again.'}
        </p>
        <Button variant="outline" className="min-h-11" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </div>
    );
  }
}

/** The door's views (decision 0093). */
export type DoorView = 'arriving' | 'shifts' | 'paper';
const VIEWS: { id: DoorView; label: string }[] = [
  { id: 'arriving', label: 'Arriving now' },
  { id: 'shifts', label: 'By shift' },
  { id: 'paper', label: 'Paper sheet' },
];

/** Arriving now, everyone by shift, or the paper sheet typed in: three buttons, the chosen one pressed. */
export function ViewSwitch({ view, onView }: { view: DoorView; onView: (v: DoorView) => void }) {
  return (
    <div role="group" aria-label="Show" className="grid w-full grid-cols-3 gap-1 rounded-lg border bg-card p-1 sm:inline-grid sm:w-auto">
      {VIEWS.map((v) => (
        <Button
          key={v.id}
          type="button"
          variant={view === v.id ? 'default' : 'ghost'}
          size={null}
          className="min-h-11 gap-2 px-2 py-2 text-sm whitespace-normal sm:px-4 sm:text-base"
          aria-pressed={view === v.id}
          onClick={() => onView(v.id)}
        >
          {v.label}
        </Button>
      ))}
    </div>
  );
}

/** The line at the top: no connection and the marks kept on the phone, or ready for the door without signal. */
export function DoorStatus(props: { online: boolean; pending: number; ready: boolean; listAsOf: string | null; lastError: string | null }) {
  const f = usePostFormat();
  const { online, pending, ready, listAsOf, lastError } = props;
  if (online && pending === 0)
    return ready ? (
      <p role="status" className="mb-4 flex items-center gap-2 text-base text-green-800">
        <CheckCircle2Icon aria-hidden="true" className="size-5 shrink-0" />
        Ready for the door without signal
      </p>
    ) : null;
  return (
    <p role="status" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-base text-amber-950">
      <CloudOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        {!online ? 'No connection. ' : ''}
        {pending > 0
          ? `${pending} ${pending === 1 ? 'mark is' : 'marks are'} kept on this phone and sent when the connection returns.`
          : 'Marks are kept on this phone and sent when the connection returns.'}
        {listAsOf ? ` The list is as it was at ${f.time(listAsOf)}.` : ''}
        {lastError ? ` ${lastError}` : ''}
      </span>
    </p>
  );
}

/** What the people list says when no one is shown: no match, or no shift arriving within the hour. */
export function NoOneShown(props: { needle: string; next: { role: string | null; startDate: string } | null; arrivingView: boolean; onShowAll: () => void }) {
  const f = usePostFormat();
  const { needle, next } = props;
  return (
    <div className="space-y-3 rounded-lg border border-dashed p-6 text-lg text-muted-foreground">
      <p>
        {needle
          ? 'No one matches that name.'
          : next
            ? `No shift starts within the hour. Next: ${next.role ? `${next.role} at ` : ''}${f.time(next.startDate)}.`
            : 'No shift starts within the hour.'}
      </p>
      {props.arrivingView && !needle ? (
        <Button variant="outline" className="min-h-11" onClick={props.onShowAll}>
          Show everyone by shift
        </Button>
      ) : null}
    </div>
  );
}
