import { Component, type ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
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
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Give a place?</DialogTitle>
          <DialogDescription>
            {person.name} is on the waitlist{person.role ? ` for ${person.role}` : ''} and there is no room left. Give them a place anyway (over the capacity),
            or add them as a walk-in.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-3">
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
          const role = 'role' in mark ? (mark.role ?? null) : mark.kind === 'walk-in' ? (mark.shiftRole ?? null) : null;
          const shiftId = mark.kind === 'walk-in' ? (mark.shiftId ?? null) : (shifts.find((s) => s.role === role)?.id ?? null);
          const canPlace = (mark.kind === 'check-in' || mark.kind === 'place') && (noRoom || mark.kind === 'check-in');
          return (
            <li key={mark.clientId} className="space-y-2 rounded-lg border bg-card p-3">
              <p className="text-lg font-semibold">
                {mark.name}: {mark.kind === 'check-out' || mark.kind === 'walk-out' ? 'check-out' : 'check-in'} at {f.time(mark.at)}
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
export class PartBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-dashed p-4 text-base">
        <p>
          {this.props.what} could not be opened{navigator.onLine ? '' : ' without a connection'}. Find the person by name below, or try again.
        </p>
        <Button variant="outline" className="min-h-11" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </div>
    );
  }
}
