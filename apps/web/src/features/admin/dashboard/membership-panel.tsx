import { Link } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
import { trpc } from '../../../lib/trpc.ts';
import { RenewalProgress } from '../../renewals/renewal-progress.tsx';

/**
 * The dashboard's membership line (issue 61 #2, #4, decision 0086): the renewal drive against the
 * department's targets, and a flag while a Buddy Check call that found someone in need waits for a follow-up.
 */
export function MembershipPanel() {
  const renewals = trpc.renewals.list.useQuery();
  const help = trpc.buddyCheck.needsHelp.useQuery();
  const waiting = help.data ?? [];
  return (
    <div className="mb-8 grid gap-4 lg:grid-cols-2">
      {waiting.length ? (
        <section role="alert" aria-labelledby="needs-help-heading" className="rounded-lg border-2 border-flag-red-700 bg-card p-4">
          <h2 id="needs-help-heading" className="flex items-center gap-2 text-lg font-bold text-flag-red-800">
            <TriangleAlertIcon aria-hidden="true" className="size-5" />
            {waiting.length} {waiting.length === 1 ? 'veteran needs' : 'veterans need'} help
          </h2>
          <ul className="mt-1 text-base">
            {waiting.slice(0, 5).map((w) => (
              <li key={w.callId}>
                <Link to="/admin/buddy-checks" search={{ id: w.campaignId }} className="underline underline-offset-4">
                  {w.name}
                </Link>
                {w.note ? `: ${w.note}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {renewals.data ? <RenewalProgress progress={renewals.data.progress} compact /> : null}
    </div>
  );
}
