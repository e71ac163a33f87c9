import { ClockIcon, LogInIcon, LogOutIcon, Undo2Icon } from 'lucide-react';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { usePostFormat } from '../../lib/format.ts';
import { hoursText, type Actions, type Shown } from './people-list.tsx';
import type { PersonRow } from './people-groups.ts';

/** A sent mark can be taken back at the door for this long after it was made. */
const UNDO_MS = 15 * 60_000;

/**
 * One person at the door (issue 59): their name once, and a line per sign-up with its own state
 * and buttons, each named with the shift ("Check in Ann (Clean-up)"). A person with one sign-up
 * shows it without repeating the shift, which the group's heading names.
 */
export function PersonRowItem({ row, shiftLabel, ...actions }: { row: PersonRow; shiftLabel: (m: Shown) => string } & Actions) {
  const many = row.marks.length > 1;
  const walkIn = row.marks.every((m) => m.walkIn);
  const waiting = row.marks.every((m) => m.status === 'waitlisted' && !m.checkedInAt);
  return (
    <li className="space-y-3 rounded-lg border bg-card p-4" data-person={row.name}>
      {many ? (
        <>
          <p className="text-lg font-semibold">
            {row.name} {walkIn ? <Badge variant="outline">Walk-in</Badge> : null}
            <span className="ml-1 text-base font-normal text-muted-foreground">{row.marks.length} shifts</span>
          </p>
          <ul className="divide-y" aria-label={`Shifts of ${row.name}`}>
            {row.marks.map((m) => (
              <MarkLine key={m.key} p={m} label={shiftLabel(m)} {...actions} />
            ))}
          </ul>
        </>
      ) : (
        <MarkLine p={row.marks[0]!} title={row.name} badges={{ walkIn, waiting }} {...actions} />
      )}
    </li>
  );
}

function MarkLine({
  p,
  label,
  title,
  badges,
  onIn,
  onOut,
  onUndo,
  onUndoSent,
  onHours,
}: { p: Shown; label?: string; title?: string; badges?: { walkIn: boolean; waiting: boolean } } & Actions) {
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
  const Line = title ? 'div' : 'li';
  return (
    <Line className={`flex flex-wrap items-center justify-between gap-3 ${title ? '' : 'py-3 first:pt-0 last:pb-0'}`}>
      <div className="min-w-0">
        {title ? (
          <p className="text-lg font-semibold">
            {title} {badges?.walkIn ? <Badge variant="outline">Walk-in</Badge> : null}
            {badges?.waiting ? <Badge variant="outline">Waitlist</Badge> : null}
          </p>
        ) : (
          <p className="text-base font-semibold">{label}</p>
        )}
        <p className="text-base text-muted-foreground">
          {status}
          {p.checkedInAt && p.role && title ? ` (${p.role})` : ''}
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
    </Line>
  );
}

function recent(at: string | null): boolean {
  return at !== null && Date.now() - Date.parse(at) < UNDO_MS;
}
