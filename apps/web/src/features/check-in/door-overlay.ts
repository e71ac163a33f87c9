import type { DoorList } from '@post/contracts/door';
import type { Mark } from '../../lib/door-store.ts';
import type { Shown } from './people-list.tsx';

/** This phone's unsent marks laid over the server's list (issue 44: the page works offline once opened). */
export function overlay(people: Shown[], marks: Mark[]): Shown[] {
  const out = people.map((p) => ({ ...p }));
  for (const m of marks) {
    if (m.kind === 'walk-in' || (m.kind === 'paper' && m.volunteerId === null && m.attendanceId === null)) {
      const paper = m.kind === 'paper' ? m : null;
      out.push({
        key: m.clientId,
        personKey: m.clientId,
        volunteerId: null,
        attendanceId: null,
        name: m.name,
        role: m.shiftRole ?? null,
        shiftId: m.shiftId ?? null,
        walkIn: true,
        status: 'confirmed',
        position: null,
        checkedInAt: paper ? paper.inAt : m.at,
        checkedOutAt: paper ? paper.outAt : null,
        hours: 0,
        hoursOverridden: false,
        pendingMark: m.clientId,
      });
      continue;
    }
    if (m.kind === 'paper') {
      const p = out.find((x) => (m.volunteerId !== null ? x.volunteerId === m.volunteerId : x.attendanceId === m.attendanceId));
      if (!p) continue;
      if (m.inAt && !p.checkedInAt) Object.assign(p, { checkedInAt: m.inAt, pendingMark: m.clientId });
      if (m.outAt && !p.checkedOutAt) Object.assign(p, { checkedOutAt: m.outAt, pendingMark: m.clientId });
      continue;
    }
    const p = out.find((x) => (m.kind === 'walk-out' ? x.attendanceId === m.attendanceId : x.volunteerId === m.volunteerId));
    if (!p) continue;
    if ((m.kind === 'check-in' || m.kind === 'place') && !p.checkedInAt) Object.assign(p, { checkedInAt: m.at, pendingMark: m.clientId });
    if (m.kind === 'place') Object.assign(p, { status: 'confirmed' });
    if ((m.kind === 'check-out' || m.kind === 'walk-out') && !p.checkedOutAt) Object.assign(p, { checkedOutAt: m.at, pendingMark: m.clientId });
  }
  return out;
}

/** Room left in a waiting person's shift (or the event), counting places given on this phone and not sent yet. */
export function roomFor(list: DoorList, p: Shown, marks: Mark[]): number {
  const given = marks.filter((m) => m.kind === 'place' && list.people.find((x) => x.volunteerId === m.volunteerId)?.shiftId === p.shiftId).length;
  const shift = list.shifts.find((s) => s.id === p.shiftId);
  return (shift ? shift.capacity - shift.confirmed : list.event.capacity - list.event.confirmed) - given;
}
