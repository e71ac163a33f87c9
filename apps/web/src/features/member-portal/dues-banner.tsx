import { ExternalLinkIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { trpc } from '../../lib/trpc.ts';
import { standingText } from '../members/labels.ts';

// Dues change with who is signed in: never keep them for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/**
 * Every member's standing ("Paid through 2027", "Life Member", "Paid for 2026, renewal for 2027
 * open"), with the renewal link from Settings when a renewal is open (decisions 0065, 0086).
 */
export function DuesBanner() {
  const dues = trpc.memberPortal.dues.useQuery(undefined, PRIVATE);
  const d = dues.data;
  if (!d) return null;
  const owes = d.renewFor !== null;
  const standing = standingText({ ...d, membershipType: d.duesStatus === 'life' ? 'Life Member' : '' });
  // Anniversary dues name the day paid through, not the year renewed for (decision 0098).
  const anniversary = d.paidThroughOn !== null;
  const why =
    d.duesStatus === 'suspended' || d.duesStatus === 'dropped'
      ? 'Your membership has not been renewed. Renew to stay a member of the post.'
      : d.duesStatus === 'delinquent'
        ? `${anniversary ? 'Your membership year has ended' : `${d.renewFor} has begun`} and your renewal has not reached the post yet.`
        : owes && !anniversary
          ? `Renewal for ${d.renewFor} is open.`
          : null;
  return (
    <section
      aria-labelledby="dues-heading"
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-lg bg-card p-4 sm:flex-row sm:items-center sm:justify-between',
        owes ? 'border-2 border-gold' : 'border border-border',
      )}
    >
      <div>
        <h2 id="dues-heading" className="text-xl font-bold text-navy-900">
          {standing}
        </h2>
        <p className="text-base text-navy-800">
          {why}
          {d.continuousYears ? `${why ? ' ' : ''}${d.continuousYears} continuous ${d.continuousYears === 1 ? 'year' : 'years'} of membership.` : ''}
          {owes && d.duesAmount ? ` Yearly dues: $${d.duesAmount}.` : ''}
        </p>
      </div>
      {owes ? (
        <a href={d.renewalUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
          {anniversary ? 'Renew' : `Renew for ${d.renewFor}`}
          <ExternalLinkIcon aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
