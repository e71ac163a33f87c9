// Long file: the detail page's parts (request, answer, roles, call list, done) are read together by the leader on one screen.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { toast } from 'sonner';
import { CalendarIcon, CheckIcon, MegaphoneIcon, PhoneIcon, QrCodeIcon, XIcon } from 'lucide-react';
import type { HonorsDetail } from '@post/contracts/honors';
import { honorsMessages as m } from '@post/contracts/messages/honors';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Checkbox } from '@post/ui/components/checkbox';
import { Input } from '@post/ui/components/input';
import { cn } from '@post/ui/lib/utils';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { STATE_CLASS, telOf } from './labels.ts';
import { usePostFormat } from '../../lib/format.ts';

const heading = 'mb-3 border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800';

/**
 * /admin/honors/$id (decision 0088): the request with the requester's contacts (staff only), then
 * accept or decline; once accepted, each role with who answered and who is still needed, the call
 * list with tap-to-call, the call-out, and "done" after the service.
 */
export function HonorsDetailPage({ id }: { id: number }) {
  const detail = trpc.honors.byId.useQuery({ id });
  const d = detail.data;
  return (
    <Page before={<BackLink to="/admin/honors">Back to Funeral Honors</BackLink>} title={d ? `Funeral honors: ${d.deceasedName}` : 'Funeral honors'}>
      <AdminTitle text="Funeral honors detail" />
      {d ? (
        <div className="space-y-10">
          <RequestFacts d={d} />
          {d.state === 'new' ? <Answer d={d} /> : null}
          {d.state === 'accepted' || d.state === 'done' ? <Roles d={d} /> : null}
          {d.state === 'accepted' ? <CallList d={d} /> : null}
          {d.state === 'accepted' ? <Done d={d} /> : null}
        </div>
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : (
        <LoadingState text="Loading the request..." />
      )}
    </Page>
  );
}

function RequestFacts({ d }: { d: HonorsDetail }) {
  const { dateTime } = usePostFormat();
  return (
    <section aria-labelledby="request-heading" className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-xl border bg-card p-5 text-lg shadow-sm">
        <h2 id="request-heading" className="mb-3 flex flex-wrap items-center gap-2 text-xl font-bold text-navy-800">
          The service
          <span className={cn('rounded px-2 py-0.5 text-sm font-semibold', STATE_CLASS[d.state])}>{m.states[d.state]}</span>
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Veteran</dt>
          <dd>
            {d.deceasedName} ({d.branch})
          </dd>
          <dt className="font-semibold">When</dt>
          <dd>{dateTime(d.serviceAt)}</dd>
          <dt className="font-semibold">Where</dt>
          <dd>{d.location}</dd>
          {d.state !== 'new' && d.eventId ? (
            <>
              <dt className="font-semibold">Calendar</dt>
              <dd>{d.listed ? 'Listed as “Funeral honors”' : 'Not on the public calendar'}</dd>
            </>
          ) : null}
          {d.state === 'done' ? (
            <>
              <dt className="font-semibold">Provided</dt>
              <dd>{d.provided ? 'Yes' : 'No'}</dd>
              <dt className="font-semibold">Cost to post</dt>
              <dd>{d.dollarsCost === null ? 'None recorded' : `$${d.dollarsCost.toFixed(2)}`}</dd>
            </>
          ) : null}
        </dl>
        {d.eventId ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/admin/events/$id" params={{ id: String(d.eventId) }} className={buttonVariants({ variant: 'outline' })}>
              <CalendarIcon aria-hidden="true" />
              Event
            </Link>
            <Link to="/admin/events/$id/check-in" params={{ id: String(d.eventId) }} className={buttonVariants({ variant: 'outline' })}>
              <QrCodeIcon aria-hidden="true" />
              Check-in
            </Link>
          </div>
        ) : null}
      </div>
      <div className="rounded-xl border bg-card p-5 text-lg shadow-sm">
        <h2 className="mb-3 text-xl font-bold text-navy-800">Who asked (staff only)</h2>
        <p className="font-semibold">{d.requesterName}</p>
        <a href={telOf(d.requesterPhone)} className={cn(buttonVariants({ size: 'lg' }), 'mt-2')}>
          <PhoneIcon aria-hidden="true" />
          Call {d.requesterPhone}
        </a>
        {d.requesterEmail ? (
          <p className="mt-2">
            <a className="underline underline-offset-4" href={`mailto:${d.requesterEmail}`}>
              {d.requesterEmail}
            </a>
          </p>
        ) : null}
        {d.notes ? <p className="mt-3 whitespace-pre-line rounded bg-muted p-3 text-base">{d.notes}</p> : null}
      </div>
    </section>
  );
}

function Answer({ d }: { d: HonorsDetail }) {
  const utils = trpc.useUtils();
  const [listed, setListed] = useState(false);
  const accept = trpc.honors.accept.useMutation();
  const decline = trpc.honors.decline.useMutation();
  const after = async (message: string) => {
    toast.success(message);
    await Promise.all([utils.honors.byId.invalidate({ id: d.id }), utils.honors.list.invalidate()]);
  };
  const fail = (err: unknown) => toast.error('Error', { description: serverMessage(err) ?? 'Please try again.' });
  return (
    <section aria-labelledby="answer-heading">
      <h2 id="answer-heading" className={heading}>
        Answer the request
      </h2>
      <p className="mb-3 text-lg">Call the family or funeral home back, then accept (the detail goes on the calendar with one place per role) or decline.</p>
      <div className="mb-4 flex min-h-11 items-center gap-3 text-lg">
        <Checkbox id="honors-listed" checked={listed} onCheckedChange={(v) => setListed(v === true)} />
        <label htmlFor="honors-listed">List “Funeral honors” on the public calendar (never the family’s details)</label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="lg"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutateAsync({ id: d.id, listPublicly: listed }).then(
              () => after(m.accepted),
              (e: unknown) => fail(e),
            )
          }
        >
          <CheckIcon aria-hidden="true" />
          Accept
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="lg" variant="outline" disabled={decline.isPending}>
              <XIcon aria-hidden="true" />
              Decline
            </Button>
          }
          title="Decline this request?"
          description="Call the family or funeral home to tell them. The request stays in the list as declined."
          confirmLabel="Decline"
          onConfirm={async () => {
            await decline.mutateAsync({ id: d.id }).then(
              () => after(m.declined),
              (e: unknown) => void fail(e),
            );
          }}
        />
      </div>
    </section>
  );
}

function Roles({ d }: { d: HonorsDetail }) {
  const needed = d.roles.reduce((n, r) => n + r.needed, 0);
  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading" className={heading}>
        The detail <span className="text-lg font-normal text-muted-foreground">({needed === 0 ? 'every role filled' : `${needed} still needed`})</span>
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Roles">
        {d.roles.map((r) => (
          <li key={r.shiftId} aria-label={r.label} className="rounded-xl border bg-card p-4 text-lg shadow-sm">
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="text-xl font-semibold">{r.label}</h3>
              <span className={cn('text-base font-semibold', r.needed ? 'text-flag-red-800' : 'text-green-800')}>
                {r.needed ? `${r.needed} still needed` : 'Filled'}
              </span>
            </div>
            {r.filled.length ? (
              <ul className="mt-2 space-y-1">
                {r.filled.map((p) => (
                  <li key={p.volunteerId} className="flex flex-wrap items-center justify-between gap-2">
                    <span>{p.name}</span>
                    {p.phone ? (
                      <a href={telOf(p.phone)} className="inline-flex min-h-11 items-center gap-1 text-base text-navy-800 underline underline-offset-4">
                        <PhoneIcon aria-hidden="true" className="size-4" />
                        {p.phone}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-base text-muted-foreground">No one yet.</p>
            )}
            {r.waiting.length ? <p className="mt-2 text-base">Waiting: {r.waiting.map((w) => w.name).join(', ')}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CallList({ d }: { d: HonorsDetail }) {
  const callOut = trpc.honors.callOut.useMutation();
  const labels = new Map(d.roles.map((r) => [r.role, r.label]));
  const open = d.roles.some((r) => r.needed > 0);
  return (
    <section aria-labelledby="call-heading">
      <h2 id="call-heading" className={heading}>
        Call list <span className="text-lg font-normal text-muted-foreground">({d.callList.length})</span>
      </h2>
      <p className="mb-3 text-lg">Active members qualified for a role still open who have not answered. A call-out e-mails each of them a one-tap answer.</p>
      <Button
        size="lg"
        className="mb-4"
        disabled={!open || callOut.isPending}
        onClick={() =>
          callOut.mutateAsync({ id: d.id }).then(
            (r) => toast.success(m.calledOut(r.queued)),
            (e: unknown) => toast.error('Error', { description: serverMessage(e) ?? 'Please try again.' }),
          )
        }
      >
        <MegaphoneIcon aria-hidden="true" />
        {callOut.isPending ? 'Sending…' : 'Call out by e-mail'}
      </Button>
      {d.callList.length === 0 ? (
        <p className="text-base text-muted-foreground">{open ? 'No one else is qualified for the open roles.' : 'Every role is filled.'}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Call list">
          {d.callList.map((c) => (
            <li key={c.memberId} className="flex items-center justify-between gap-2 rounded-lg border bg-card p-3 text-lg">
              <span>
                <span className="font-semibold">{c.name}</span>
                <span className="block text-base text-muted-foreground">{c.roles.map((k) => labels.get(k) ?? k).join(', ')}</span>
              </span>
              {c.phone ? (
                <a href={telOf(c.phone)} aria-label={`Call ${c.name}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                  <PhoneIcon aria-hidden="true" />
                  Call
                </a>
              ) : (
                <span className="text-base text-muted-foreground">No phone</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Done({ d }: { d: HonorsDetail }) {
  const utils = trpc.useUtils();
  const done = trpc.honors.done.useMutation();
  const [provided, setProvided] = useState(true);
  const [cost, setCost] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="done-heading">
      <h2 id="done-heading" className={heading}>
        After the service
      </h2>
      <form
        className="max-w-xl space-y-4 text-lg"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          done.mutateAsync({ id: d.id, provided, dollarsCost: cost.trim() === '' ? null : Number(cost) }).then(
            async () => {
              toast.success(m.markedDone);
              await Promise.all([utils.honors.byId.invalidate({ id: d.id }), utils.honors.list.invalidate()]);
            },
            (err: unknown) => setError(serverMessage(err) ?? 'Please try again.'),
          );
        }}
      >
        <div className="flex min-h-11 items-center gap-3">
          <Checkbox id="honors-provided" checked={provided} onCheckedChange={(v) => setProvided(v === true)} />
          <label htmlFor="honors-provided">Honors were provided (counts on the Consolidated Post Report)</label>
        </div>
        <div className="space-y-1">
          <label htmlFor="honors-cost" className="block font-semibold">
            Cost to the post, in dollars <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Input
            id="honors-cost"
            inputMode="decimal"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
            className="max-w-40"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'honors-cost-error' : undefined}
          />
        </div>
        {error ? (
          <p id="honors-cost-error" role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={done.isPending}>
          Mark the detail done
        </Button>
      </form>
    </section>
  );
}
