import { useState } from 'react';
import { PhoneIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { toast } from 'sonner';
import { BUDDY_CHECK_OUTCOME_LABELS, BUDDY_CHECK_OUTCOMES, type BuddyCheckCall, type BuddyCheckOutcome } from '@post/contracts/buddy-check';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { Page } from '../../layout/page.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/load-state.tsx';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { CallPayment } from './call-payment.tsx';

/**
 * /admin/buddy-checks (issue 61 #4, decision 0086): start a Buddy Check, split its calls among
 * callers, and record outcomes; callers record their own from the portal.
 */
export function BuddyCheckPage({ id, onOpen }: { id?: number; onOpen: (id: number | undefined) => void }) {
  const list = trpc.buddyCheck.list.useQuery();
  return (
    <Page
      before={<BackLink to="/admin">Back to Dashboard</BackLink>}
      title="Buddy Check"
      intro="The Legion's call campaign, around its birthday in March and Veterans Day: call members and former members to ask how they are doing and whether the post can help."
    >
      <AdminTitle text="Buddy Check" />
      <div className="space-y-8">
        <StartCampaign onStarted={onOpen} />
        {list.data ? (
          list.data.length === 0 ? (
            <EmptyState>No campaign yet. Start one above.</EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Campaigns">
              {list.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(c.id)}
                    aria-current={c.id === id ? 'true' : undefined}
                    className="w-full rounded-lg border bg-card p-4 text-left hover:border-navy-400 aria-[current]:border-2 aria-[current]:border-navy-700"
                  >
                    <span className="block text-lg font-semibold text-navy-900">{c.name}</span>
                    <span className="block text-base text-navy-800">
                      {c.done} of {c.calls} called · {c.reached} reached · {c.needsHelp} need help
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <LoadingState text="Loading campaigns..." />
        )}
        {id !== undefined ? <Campaign id={id} /> : null}
      </div>
    </Page>
  );
}

function StartCampaign({ onStarted }: { onStarted: (id: number) => void }) {
  const [name, setName] = useState('');
  const [former, setFormer] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.buddyCheck.create.useMutation();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { id } = await create.mutateAsync({ name, includeFormer: former });
      toast.success('Campaign started', { description: name });
      setName('');
      await utils.buddyCheck.list.invalidate();
      onStarted(id);
    } catch (err) {
      setError(failureMessage(err, 'The campaign was not started. Please try again.'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Start a campaign" className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1">
        <Label htmlFor="bc-name">Campaign name</Label>
        <Input
          id="bc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Veterans Day 2026"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bc-name-error' : undefined}
        />
        {error ? (
          <p id="bc-name-error" role="alert" className="text-sm text-flag-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-base">
        <input type="checkbox" className="size-5" checked={former} onChange={(e) => setFormer(e.target.checked)} />
        Include former members (last five years)
      </label>
      <Button type="submit" disabled={create.isPending}>
        <PlusIcon aria-hidden="true" />
        Start campaign
      </Button>
    </form>
  );
}

function Campaign({ id }: { id: number }) {
  const campaign = trpc.buddyCheck.byId.useQuery({ id });
  const callers = trpc.buddyCheck.callers.useQuery();
  const utils = trpc.useUtils();
  const assign = trpc.buddyCheck.assign.useMutation();
  const [chosen, setChosen] = useState<number[]>([]);
  const refresh = () => Promise.all([utils.buddyCheck.byId.invalidate({ id }), utils.buddyCheck.list.invalidate(), utils.buddyCheck.needsHelp.invalidate()]);
  const split = async () => {
    try {
      const { assigned } = await assign.mutateAsync({ id, splitAmong: chosen });
      toast.success('Calls split', { description: `${assigned} calls among ${chosen.length} callers` });
      await refresh();
    } catch (err) {
      toast.error(failureMessage(err, 'The calls were not split.'));
    }
  };
  if (campaign.isError) return <ErrorState onRetry={() => void campaign.refetch()} retrying={campaign.isFetching} />;
  if (!campaign.data) return <LoadingState text="Loading calls..." />;
  const c = campaign.data;
  const unassigned = c.calls.filter((k) => k.callerId === null).length;
  return (
    <section aria-labelledby="campaign-heading" className="space-y-4">
      <h2 id="campaign-heading" className="border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800">
        {c.name} <span className="text-lg font-normal text-muted-foreground">({c.calls.length} calls)</span>
      </h2>
      {unassigned > 0 ? (
        <fieldset className="rounded-lg border bg-card p-4">
          <legend className="px-1 text-lg font-semibold">Split the {unassigned} unassigned calls among callers</legend>
          {callers.data?.length ? (
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {callers.data.map((k) => (
                <label key={k.id} className="flex min-h-11 items-center gap-2 text-base">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={chosen.includes(k.id)}
                    onChange={(e) => setChosen((ids) => (e.target.checked ? [...ids, k.id] : ids.filter((x) => x !== k.id)))}
                  />
                  {k.name}
                  {k.postRole !== 'none' ? ` (${k.postRole})` : ''}
                </label>
              ))}
            </div>
          ) : (
            <p className="text-base text-muted-foreground">No caller yet: give officers or members portal access in User Management.</p>
          )}
          <Button className="mt-2" onClick={() => void split()} disabled={chosen.length === 0 || assign.isPending}>
            <UsersIcon aria-hidden="true" />
            Split calls
          </Button>
        </fieldset>
      ) : null}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label="Calls">
        {c.calls.map((k) => (
          <CallRow key={k.id} campaignId={id} call={k} callers={callers.data ?? []} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}

function CallRow({
  campaignId,
  call: k,
  callers,
  onChanged,
}: {
  campaignId: number;
  call: BuddyCheckCall;
  callers: { id: number; name: string }[];
  onChanged: () => Promise<unknown>;
}) {
  const record = trpc.buddyCheck.recordCall.useMutation();
  const assign = trpc.buddyCheck.assign.useMutation();
  const followUp = trpc.buddyCheck.followUp.useMutation();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done, { description: k.name });
      await onChanged();
    } catch (err) {
      toast.error(failureMessage(err, 'That was not saved. Please try again.'));
    }
  };
  const tel = k.phone?.replace(/[^\d+]/g, '');
  return (
    <li className="rounded-lg border bg-card p-4" aria-label={k.name}>
      <p className="text-lg font-semibold text-navy-900">
        {k.name}
        {k.former ? <span className="text-base font-normal text-muted-foreground"> · former member</span> : null}
      </p>
      {tel ? (
        <a href={`tel:${tel}`} className="inline-flex min-h-11 items-center gap-2 underline underline-offset-4">
          <PhoneIcon aria-hidden="true" className="size-4" />
          {k.phone}
        </a>
      ) : (
        <p className="text-base">No phone number on file.</p>
      )}
      {k.lastOutcome ? <p className="text-sm text-muted-foreground">Last time: {BUDDY_CHECK_OUTCOME_LABELS[k.lastOutcome]}</p> : null}
      <CallPayment call={k} onPaid={onChanged} />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`caller-${k.id}`}>Caller</Label>
          <select
            id={`caller-${k.id}`}
            className={selectClass}
            value={k.callerId ?? ''}
            onChange={(e) =>
              void run(
                () => assign.mutateAsync({ id: campaignId, callIds: [k.id], callerId: e.target.value ? Number(e.target.value) : null }),
                'Caller changed',
              )
            }
          >
            <option value="">Not assigned</option>
            {callers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`outcome-${k.id}`}>Outcome</Label>
          <select
            id={`outcome-${k.id}`}
            className={selectClass}
            value={k.outcome ?? ''}
            onChange={(e) =>
              e.target.value &&
              void run(() => record.mutateAsync({ id: campaignId, callId: k.id, outcome: e.target.value as BuddyCheckOutcome, note: k.note }), 'Call recorded')
            }
          >
            <option value="">Not called yet</option>
            {BUDDY_CHECK_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {BUDDY_CHECK_OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {k.outcome === 'needs-help' ? (
        <div className="mt-2 rounded-md border border-flag-red-700 p-2 text-base">
          <p>
            <span className="font-semibold">Needs help:</span> {k.note || 'no note'}
          </p>
          {k.followedUp ? (
            <p className="text-muted-foreground">Followed up.</p>
          ) : (
            <Button size="sm" className="mt-1" onClick={() => void run(() => followUp.mutateAsync({ id: campaignId, callId: k.id }), 'Marked followed up')}>
              Mark followed up
            </Button>
          )}
        </div>
      ) : null}
      {k.outcome === 'deceased' ? (
        <p className="mt-2 text-base">Reported deceased: record the date of death in the member's record for the honor roll.</p>
      ) : null}
    </li>
  );
}
