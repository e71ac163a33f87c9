import { ClockIcon, LogInIcon, LogOutIcon, Undo2Icon } from 'lucide-react';
import type { DoorList, DoorPerson } from '@post/contracts/door';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { usePostFormat } from '../../lib/format.ts';

/** A person as the page shows them: the server's record with this phone's unsent marks laid over it. */
export interface Shown extends DoorPerson {
  /** A mark made on this phone and not sent yet (its client id, to take it back). */
  pendingMark: string | null;
  key: string;
}

/** Hours as h:mm ("1:15"), never a fraction of an hour in decimals. */
export function hoursText(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
}

interface Actions {
  onIn: (p: Shown) => void;
  onOut: (p: Shown) => void;
  onUndo: (p: Shown) => void;
  /** Takes back a mark the server has (a mis-tap noticed after it was sent). */
  onUndoSent: (p: Shown) => void;
  /** Given to administrators: their figure of someone's hours, with a reason. */
  onHours?: (p: Shown) => void;
}

/**
 * The people of the event grouped by shift, the waitlist apart (issue 59): each row with the one
 * action that fits, named with the shift so a person with two shifts has two distinct buttons.
 */
export function PeopleList({ people, shifts, ...actions }: { people: Shown[]; shifts: DoorList['shifts'] } & Actions) {
  const f = usePostFormat();
  if (people.length === 0) return <p className="rounded-lg border border-dashed p-6 text-lg text-muted-foreground">No one matches that name.</p>;
  const placed = people.filter((p) => p.status === 'confirmed');
  const waiting = people.filter((p) => p.status === 'waitlisted').sort((a, b) => (a.shiftId ?? 0) - (b.shiftId ?? 0) || (a.position ?? 0) - (b.position ?? 0));
  const groups: { id: string; title: string; note?: string; people: Shown[] }[] = [];
  for (const s of shifts) {
    const inShift = placed.filter((p) => p.shiftId === s.id);
    if (inShift.length > 0)
      groups.push({
        id: `shift-${s.id}`,
        title: `${s.role}, ${f.time(s.startDate)} to ${f.time(s.endDate)}`,
        note: `${s.confirmed} of ${s.capacity} places taken`,
        people: inShift,
      });
  }
  const noShift = placed.filter((p) => !shifts.some((s) => s.id === p.shiftId));
  if (noShift.length > 0) groups.push({ id: 'signed-up', title: shifts.length > 0 ? 'No shift' : 'Signed up and walk-ins', people: noShift });
  if (waiting.length > 0)
    groups.push({ id: 'waitlist', title: 'On the waitlist', note: 'Not in a place yet: checking one in gives them a place.', people: waiting });
  return (
    <ul className="space-y-6" aria-label="People">
      {groups.map((g) => (
        <li key={g.id} aria-labelledby={`group-${g.id}`} className="space-y-2">
          <h3 id={`group-${g.id}`} className="text-xl font-bold text-navy-800">
            {g.title}
          </h3>
          {g.note ? <p className="text-base text-muted-foreground">{g.note}</p> : null}
          <ul className="space-y-3" aria-label={g.title}>
            {g.people.map((p) => (
              <Row key={p.key} p={p} {...actions} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** A sent mark can be taken back at the door for this long after it was made. */
const UNDO_MS = 15 * 60_000;

function Row({ p, onIn, onOut, onUndo, onUndoSent, onHours }: { p: Shown } & Actions) {
  const f = usePostFormat();
  const who = p.role ? `${p.name} (${p.role})` : p.name;
  const status = p.checkedOutAt
    ? `Left at ${f.time(p.checkedOutAt)}, ${hoursText(p.hours)}`
    : p.checkedInAt
      ? `Checked in at ${f.time(p.checkedInAt)}`
      : p.status === 'waitlisted'
        ? `Waiting: place ${p.position ?? 1} on the waitlist${p.role ? ` for ${p.role}` : ''}`
        : p.role
          ? `Signed up: ${p.role}`
          : 'Signed up';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4" data-person={p.name}>
      <div className="min-w-0">
        <p className="text-lg font-semibold">
          {p.name} {p.walkIn ? <Badge variant="outline">Walk-in</Badge> : null}
          {p.status === 'waitlisted' && !p.checkedInAt ? <Badge variant="outline">Waitlist</Badge> : null}
        </p>
        <p className="text-base text-muted-foreground">
          {status}
          {p.checkedInAt && p.role ? ` (${p.role})` : ''}
          {p.hoursOverridden ? `; ${hoursText(p.hours)} set by an administrator` : ''}
          {p.pendingMark ? ' (kept on this phone, not sent yet)' : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {p.pendingMark ? (
          <Button variant="outline" className="min-h-11" onClick={() => onUndo(p)} aria-label={`Undo the mark of ${who}`}>
            <Undo2Icon aria-hidden="true" />
            Undo
          </Button>
        ) : p.attendanceId !== null && !p.hoursOverridden && recent(p.checkedOutAt ?? p.checkedInAt) ? (
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => onUndoSent(p)}
            aria-label={`Undo the ${p.checkedOutAt ? 'check-out' : 'check-in'} of ${who}`}
          >
            <Undo2Icon aria-hidden="true" />
            Undo
          </Button>
        ) : null}
        {!p.checkedInAt ? (
          <Button className="min-h-11" variant={p.status === 'waitlisted' ? 'outline' : 'default'} onClick={() => onIn(p)} aria-label={`Check in ${who}`}>
            <LogInIcon aria-hidden="true" />
            Check in
          </Button>
        ) : !p.checkedOutAt ? (
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => onOut(p)}
            disabled={p.walkIn && p.attendanceId === null}
            aria-label={`Check out ${who}`}
          >
            <LogOutIcon aria-hidden="true" />
            Check out
          </Button>
        ) : null}
        {onHours && p.attendanceId !== null && p.checkedInAt && !p.pendingMark ? (
          <Button variant="outline" className="min-h-11" onClick={() => onHours(p)} aria-label={`Edit hours of ${who}`}>
            <ClockIcon aria-hidden="true" />
            Hours
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function recent(at: string | null): boolean {
  return at !== null && Date.now() - Date.parse(at) < UNDO_MS;
}
