import type { RenewalProgress as Progress } from '@post/contracts/renewals';
import { cn } from '@post/ui/lib/utils';

import { formatIn } from '../../lib/format.ts';

// A calendar day, not an instant: read at noon UTC and shown in UTC, so it is the same day everywhere.
const dateText = (iso: string) => formatIn('UTC', { month: 'short', day: 'numeric' }, `${iso}T12:00:00Z`);

/**
 * The renewal drive for the new year against the department's targets (issue 61 #2, decision
 * 0086): renewed of last year's members, and each target date with whether it was met.
 */
export function RenewalProgress({ progress: p, compact = false }: { progress: Progress; compact?: boolean }) {
  return (
    <section aria-labelledby="renewal-progress-heading" className="rounded-lg border bg-card p-4">
      <h2 id="renewal-progress-heading" className={cn('font-bold text-navy-900', compact ? 'text-lg' : 'text-2xl')}>
        Renewed for {p.forYear}: {p.percent} %
      </h2>
      <p className="text-base text-navy-800">
        {p.renewed} of {p.base} members of {p.forYear - 1}
        {p.next ? `; the department's next target is ${p.next.percent} % by ${dateText(p.next.date)}` : ''}.
      </p>
      <div
        role="progressbar"
        aria-label={`Renewed for ${p.forYear}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        className="relative mt-3 h-4 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-navy-700" style={{ width: `${Math.min(100, p.percent)}%` }} />
        {p.next ? <div aria-hidden="true" className="absolute top-0 h-full w-0.5 bg-gold" style={{ left: `${p.next.percent}%` }} /> : null}
      </div>
      {compact ? null : (
        <ol className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Department targets">
          {p.targets.map((t) => (
            <li
              key={t.date}
              className={cn(
                'rounded-md border px-2 py-1',
                t.passed && !t.met ? 'border-flag-red-700 text-flag-red-800' : t.met ? 'border-navy-700 text-navy-900' : 'text-muted-foreground',
              )}
            >
              {t.percent} % by {dateText(t.date)}
              {t.met ? ' (met)' : t.passed ? ' (missed)' : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
