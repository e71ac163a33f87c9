import { ExternalLinkIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { trpc } from '../../lib/trpc.ts';

// Dues change with who is signed in: never keep them for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/**
 * "Paid through 2026 — renew for 2027" with the renewal link from Settings when dues are due or
 * lapsed; nothing when current or for a Life Member (issue 45 #3, decision 0065).
 */
export function DuesBanner() {
  const dues = trpc.memberPortal.dues.useQuery(undefined, PRIVATE);
  const d = dues.data;
  if (!d || d.duesStatus === 'current' || d.renewFor === null) return null;
  const paid = d.paidThrough === null ? 'No paid year on record' : `Paid through ${d.paidThrough}`;
  return (
    <section
      aria-labelledby="dues-heading"
      className="mb-6 flex flex-col gap-3 rounded-lg border-2 border-gold bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="dues-heading" className="text-xl font-bold text-navy-900">
          {paid} — renew for {d.renewFor}
        </h2>
        <p className="text-base text-navy-800">
          {d.duesStatus === 'lapsed' ? 'Your membership has lapsed. Renew to stay a member of the post.' : 'Your dues for the coming year are due.'}
          {d.duesAmount ? ` Yearly dues: $${d.duesAmount}.` : ''}
        </p>
      </div>
      <a href={d.renewalUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
        Renew for {d.renewFor}
        <ExternalLinkIcon aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
