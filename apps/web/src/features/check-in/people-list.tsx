import type { DoorList, DoorPerson } from '@post/contracts/door';
import { usePostFormat } from '../../lib/format.ts';
import { groupPeople, type Group } from './people-groups.ts';
import { PersonRowItem } from './person-row.tsx';

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

export interface Actions {
  onIn: (p: Shown) => void;
  onOut: (p: Shown) => void;
  onUndo: (p: Shown) => void;
  /** Takes back a mark the server has (a mis-tap noticed after it was sent). */
  onUndoSent: (p: Shown) => void;
  /** Given to administrators: their figure of someone's hours, with a reason. */
  onHours?: (p: Shown) => void;
}

/**
 * The people of the event grouped by shift, the waitlist apart, one row per person with a mark per
 * shift (issue 59); `show` picks the marks of the view (arriving now, a name searched, everyone).
 */
export function PeopleList({
  people,
  shifts,
  show,
  empty,
  ...actions
}: { people: Shown[]; shifts: DoorList['shifts']; show: (m: Shown) => boolean; empty: React.ReactNode } & Actions) {
  const f = usePostFormat();
  const groups = groupPeople(people, shifts, show);
  if (groups.length === 0) return <>{empty}</>;
  const title = (g: Group) =>
    g.shift
      ? `${g.shift.role}, ${f.time(g.shift.startDate)} to ${f.time(g.shift.endDate)}`
      : g.kind === 'waitlist'
        ? 'On the waitlist'
        : shifts.length > 0
          ? 'No shift'
          : 'Signed up and walk-ins';
  const note = (g: Group) =>
    g.shift
      ? `${g.shift.confirmed} of ${g.shift.capacity} places taken`
      : g.kind === 'waitlist'
        ? 'Not in a place yet: checking one in gives them a place.'
        : undefined;
  const shiftLabel = (m: Shown) => {
    const s = shifts.find((x) => x.id === m.shiftId);
    const when = s ? `, ${f.time(s.startDate)} to ${f.time(s.endDate)}` : '';
    return `${m.role ?? (m.walkIn ? 'Walk-in' : 'Signed up')}${when}${m.status === 'waitlisted' ? ' (waitlist)' : ''}`;
  };
  return (
    <ul className="space-y-6" aria-label="People">
      {groups.map((g) => (
        <li key={g.id} aria-labelledby={`group-${g.id}`} className="space-y-2">
          <h3 id={`group-${g.id}`} className="text-xl font-bold text-navy-800">
            {title(g)}
          </h3>
          {note(g) ? <p className="text-base text-muted-foreground">{note(g)}</p> : null}
          {g.rows.length > 0 ? (
            <ul className="space-y-3" aria-label={title(g)}>
              {g.rows.map((row) => (
                <PersonRowItem key={row.key} row={row} shiftLabel={shiftLabel} {...actions} />
              ))}
            </ul>
          ) : null}
          {g.also.length > 0 ? (
            <p className="text-base text-muted-foreground">
              {g.kind === 'waitlist' ? 'Also waiting' : 'Also on this shift'}: {g.also.join(', ')} (their row is above).
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
