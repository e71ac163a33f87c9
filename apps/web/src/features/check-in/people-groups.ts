import type { DoorList } from '@post/contracts/door';
import type { Shown } from './people-list.tsx';

type Shift = DoorList['shifts'][number];

/** One person at the door (issue 59): their sign-ups as one row, a mark per shift. */
export interface PersonRow {
  key: string;
  name: string;
  marks: Shown[];
}

/** A shift's people (or "no shift", or the waitlist), and the names whose row is under an earlier group. */
export interface Group {
  id: string;
  shift: Shift | null;
  kind: 'shift' | 'signed-up' | 'waitlist';
  rows: PersonRow[];
  also: string[];
}

/** The group a mark belongs to: the waitlist apart (issue 59), else its shift's. */
function groupOf(m: Shown, shifts: Shift[]): string {
  if (m.status === 'waitlisted') return 'waitlist';
  return shifts.some((s) => s.id === m.shiftId) ? `shift-${m.shiftId}` : 'signed-up';
}

/**
 * The people grouped by shift, one row per person: the row stands under the first group (in the
 * shifts' order, the waitlist last) where one of their marks is shown, and each other group with a
 * mark of theirs names them in `also`. A person is the server's key (one e-mail) and the name, so
 * two people signed up with one family e-mail stay two rows (decision 0093).
 */
export function groupPeople(people: Shown[], shifts: Shift[], show: (m: Shown) => boolean): Group[] {
  const order = [...shifts.map((s) => `shift-${s.id}`), 'signed-up', 'waitlist'];
  const rank = (m: Shown) => order.indexOf(groupOf(m, shifts));
  const persons = new Map<string, Shown[]>();
  for (const p of people) {
    const key = `${p.personKey}|${p.name.trim().toLowerCase()}`;
    const marks = persons.get(key);
    if (marks) marks.push(p);
    else persons.set(key, [p]);
  }
  const groups = new Map<string, Group>(
    order.map((id) => [
      id,
      {
        id,
        shift: shifts.find((s) => `shift-${s.id}` === id) ?? null,
        kind: id === 'waitlist' ? 'waitlist' : id === 'signed-up' ? 'signed-up' : 'shift',
        rows: [],
        also: [],
      },
    ]),
  );
  for (const [key, marks] of persons) {
    marks.sort((a, b) => rank(a) - rank(b));
    const shown = marks.filter(show);
    if (shown.length === 0) continue;
    const home = groupOf(shown[0]!, shifts);
    groups.get(home)!.rows.push({ key, name: marks[0]!.name, marks });
    for (const g of new Set(shown.map((m) => groupOf(m, shifts)))) if (g !== home) groups.get(g)!.also.push(marks[0]!.name);
  }
  return [...groups.values()].filter((g) => g.rows.length > 0 || g.also.length > 0);
}
