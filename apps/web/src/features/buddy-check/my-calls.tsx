import { useState } from 'react';
import { PhoneIcon } from 'lucide-react';
import { toast } from 'sonner';
import { BUDDY_CHECK_OUTCOME_LABELS, BUDDY_CHECK_OUTCOMES, type BuddyCheckCall, type BuddyCheckOutcome } from '@post/contracts/buddy-check';
import { Button } from '@post/ui/components/button';
import { Label } from '@post/ui/components/label';
import { Textarea } from '@post/ui/components/textarea';
import { failureMessage, trpc } from '../../lib/trpc.ts';

// Calls change with who is signed in: never keep them for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

type Call = BuddyCheckCall & { campaignId: number; campaignName: string };

/**
 * The Buddy Check calls given to this member (issue 61 #4, decision 0086): tap to call, then tap
 * an outcome; "Needs help" asks for a private note for the service officer. Nothing shows when
 * the member has no calls.
 */
export function MyBuddyCheckCalls() {
  const calls = trpc.buddyCheck.myCalls.useQuery(undefined, PRIVATE);
  const list = calls.data ?? [];
  if (list.length === 0) return null;
  const open = list.filter((c) => c.outcome === null).length;
  return (
    <section aria-labelledby="buddy-check-heading" className="mt-10 space-y-3">
      <h2 id="buddy-check-heading" className="border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800">
        Your Buddy Check calls
      </h2>
      <p className="text-base text-navy-800">
        {open === 0 ? 'Every call has an outcome. Thank you.' : `${open} of ${list.length} still to call.`} Ask how they are doing and whether the post can
        help.
      </p>
      <ul className="grid gap-3 lg:grid-cols-2" aria-label="Your calls">
        {list.map((c) => (
          <CallCard key={c.id} call={c} />
        ))}
      </ul>
    </section>
  );
}

function CallCard({ call: c }: { call: Call }) {
  const utils = trpc.useUtils();
  const record = trpc.buddyCheck.recordMyCall.useMutation();
  const [helping, setHelping] = useState(c.outcome === 'needs-help');
  const [note, setNote] = useState(c.note ?? '');
  const save = async (outcome: BuddyCheckOutcome) => {
    try {
      await record.mutateAsync({ callId: c.id, outcome, note: outcome === 'needs-help' ? note : null });
      toast.success('Call recorded', { description: `${c.name}: ${BUDDY_CHECK_OUTCOME_LABELS[outcome].toLowerCase()}` });
      await utils.buddyCheck.myCalls.invalidate();
    } catch (err) {
      toast.error(failureMessage(err, 'The call was not recorded. Please try again.'));
    }
  };
  const tel = c.phone?.replace(/[^\d+]/g, '');
  return (
    <li className="rounded-lg border bg-card p-4" aria-label={c.name}>
      <p className="text-lg font-semibold text-navy-900">{c.name}</p>
      <p className="text-sm text-muted-foreground">
        {c.campaignName}
        {c.former ? ' · former member' : ''}
        {c.lastOutcome ? ` · last time: ${BUDDY_CHECK_OUTCOME_LABELS[c.lastOutcome].toLowerCase()}` : ''}
      </p>
      {tel ? (
        <a
          href={`tel:${tel}`}
          className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-md border border-navy-700 px-4 text-lg font-semibold text-navy-900 underline-offset-4 hover:underline"
        >
          <PhoneIcon aria-hidden="true" className="size-5" />
          Call {c.phone}
        </a>
      ) : (
        <p className="mt-2 text-base">No phone number on file.</p>
      )}
      <p className="mt-2 text-base" aria-live="polite">
        {c.outcome ? `Outcome: ${BUDDY_CHECK_OUTCOME_LABELS[c.outcome]}` : 'Not called yet'}
      </p>
      <div role="group" aria-label={`Outcome of the call to ${c.name}`} className="mt-2 grid grid-cols-2 gap-2">
        {BUDDY_CHECK_OUTCOMES.map((o) => (
          <Button
            key={o}
            type="button"
            variant={c.outcome === o ? 'default' : o === 'needs-help' ? 'danger' : 'outline'}
            aria-pressed={c.outcome === o}
            disabled={record.isPending}
            onClick={() => (o === 'needs-help' ? setHelping(true) : void save(o))}
          >
            {BUDDY_CHECK_OUTCOME_LABELS[o]}
          </Button>
        ))}
      </div>
      {helping ? (
        <div className="mt-3 space-y-2">
          <Label htmlFor={`help-${c.id}`}>What help is needed? (only the service officer sees this)</Label>
          <Textarea id={`help-${c.id}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} />
          <Button type="button" className="min-h-11" disabled={record.isPending} onClick={() => void save('needs-help')}>
            Save: needs help
          </Button>
        </div>
      ) : null}
    </li>
  );
}
