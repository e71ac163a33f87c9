import { ClockIcon, LogInIcon, LogOutIcon } from 'lucide-react';
import type { Attendee } from '@post/contracts/attendance';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { usePostFormat } from '../../lib/format.ts';

/** A person as the page shows them: the server's record with this phone's unsent marks laid over it. */
export interface Shown extends Attendee {
  /** A mark made on this phone and not sent yet. */
  waiting: boolean;
  key: string;
}

/** The people of the event, each with the one action that fits: Check in, Check out, or none; and Edit hours for administrators. */
export function PeopleList({
  people,
  onIn,
  onOut,
  onHours,
}: {
  people: Shown[];
  onIn: (p: Shown) => void;
  onOut: (p: Shown) => void;
  /** Given to administrators: their figure of someone's hours, with a reason. */
  onHours?: (p: Shown) => void;
}) {
  const f = usePostFormat();
  if (people.length === 0) return <p className="rounded-lg border border-dashed p-6 text-lg text-muted-foreground">No one matches that name.</p>;
  return (
    <ul className="space-y-3" aria-label="People">
      {people.map((p) => (
        <li key={p.key} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4">
          <div className="min-w-0">
            <p className="text-lg font-semibold">
              {p.name} {p.walkIn ? <Badge variant="outline">Walk-in</Badge> : null}
            </p>
            <p className="text-base text-muted-foreground" data-status="">
              {p.checkedOutAt
                ? `Left at ${f.time(p.checkedOutAt)}, ${p.hours} h`
                : p.checkedInAt
                  ? `Checked in at ${f.time(p.checkedInAt)}`
                  : p.role
                    ? `Signed up: ${p.role}`
                    : 'Signed up'}
              {p.checkedInAt && p.role ? ` (${p.role})` : ''}
              {p.hoursOverridden ? `; ${p.hours} h set by an administrator` : ''}
              {p.waiting ? ' (kept on this phone, not sent yet)' : ''}
            </p>
          </div>
          {!p.checkedInAt ? (
            <Button className="min-h-11" onClick={() => onIn(p)} aria-label={`Check in ${p.name}`}>
              <LogInIcon aria-hidden="true" />
              Check in
            </Button>
          ) : !p.checkedOutAt ? (
            <Button
              variant="outline"
              className="min-h-11"
              onClick={() => onOut(p)}
              disabled={p.walkIn && p.attendanceId === null}
              aria-label={`Check out ${p.name}`}
            >
              <LogOutIcon aria-hidden="true" />
              Check out
            </Button>
          ) : null}
          {onHours && p.attendanceId !== null && p.checkedInAt && !p.waiting ? (
            <Button variant="outline" className="min-h-11" onClick={() => onHours(p)} aria-label={`Edit hours of ${p.name}`}>
              <ClockIcon aria-hidden="true" />
              Hours
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
