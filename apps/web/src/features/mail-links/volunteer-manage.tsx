import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CalendarPlusIcon, CircleAlertIcon, MapPinIcon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { Button, buttonVariants } from '@post/ui/components/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { useShiftTime } from '../../lib/shift-time.ts';
import { useMountTime } from '../../lib/use-mount-time.ts';

const TITLE = 'Your Volunteer Sign-Ups';
const box = 'max-w-2xl rounded-lg border bg-card p-6 text-lg';
/** How long a cancellation waits for Undo before it is sent (decision 0087). */
const UNDO_SECONDS = 8;

interface Pending {
  volunteerId: number;
  done: string;
  left: number;
}

/**
 * /volunteer/manage?token=: the page behind the link in every confirmation (issue 43). It lists
 * the person's sign-ups for the event and its other shifts; opening it changes nothing (mail
 * scanners open links), only its buttons cancel a sign-up or add a shift.
 */
export function VolunteerManagePage({ token }: { token: string | undefined }) {
  const when = useShiftTime();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  // The link names the person through their sign-ups: once the last is cancelled it names nobody,
  // so the page keeps what it showed rather than reading "not valid" in place of "cancelled".
  const [leftAll, setLeftAll] = useState(false);
  const now = useMountTime();
  const mine = trpc.volunteers.mine.useQuery({ token: token ?? '' }, { enabled: Boolean(token), retry: false, refetchOnWindowFocus: false });
  const manage = trpc.volunteers.manage.useMutation();
  // A confirmed place is asked about, then kept for a few seconds with Undo before it is given away (decision 0087).
  const [asking, setAsking] = useState<{ id: number; role: string | null; done: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const act = async (body: { action: 'cancel'; volunteerId: number } | { action: 'add'; shiftId: number }, success: string) => {
    setSaid(null);
    try {
      const r = await manage.mutateAsync({ token: token ?? '', ...body });
      setSaid({ ok: true, text: r.added?.status === 'waitlisted' ? `You were ${volunteerMessages.addedToWaitlist(r.added.position ?? 1)}.` : success });
      const signUps = mine.data?.signUps ?? [];
      if (body.action === 'cancel' && signUps.length === 1 && signUps[0]!.id === body.volunteerId) return setLeftAll(true);
    } catch (err) {
      setSaid({ ok: false, text: serverMessage(err) ?? 'Something went wrong. Please try again.' });
    }
    await mine.refetch();
  };
  const commit = useEffectEvent((p: Pending) => void act({ action: 'cancel', volunteerId: p.volunteerId }, p.done));
  const undoButton = useRef<HTMLButtonElement>(null);
  const pendingId = pending?.volunteerId;
  useEffect(() => {
    if (pendingId !== undefined) undoButton.current?.focus();
  }, [pendingId]);
  useEffect(() => {
    if (!pending || !token) return;
    const send = () =>
      void fetch('/api/volunteers/mine', {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, action: 'cancel', volunteerId: pending.volunteerId }),
      });
    // Leaving the page during the undo time still cancels what the person asked to cancel.
    window.addEventListener('pagehide', send);
    const tick = window.setTimeout(() => (pending.left > 1 ? setPending({ ...pending, left: pending.left - 1 }) : (setPending(null), commit(pending))), 1000);
    return () => {
      window.removeEventListener('pagehide', send);
      window.clearTimeout(tick);
    };
  }, [pending, token]);
  if (!token || mine.error || mine.data === null)
    return (
      <Page title={TITLE}>
        <p role="alert" className={`flex gap-2 ${box} border-flag-red-300 bg-flag-red-50 text-flag-red-800`}>
          <CircleAlertIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {mine.error ? (serverMessage(mine.error) ?? 'This link could not be checked. Please try again.') : volunteerMessages.manageLinkInvalid}
        </p>
      </Page>
    );
  if (!mine.data)
    return (
      <Page title={TITLE}>
        <p role="status" className={box}>
          {commonMessages.loading}
        </p>
      </Page>
    );
  const { event, shifts } = mine.data;
  const signUps = leftAll ? [] : mine.data.signUps;
  const startCancel = (id: number, done: string) => {
    setSaid(null);
    setPending({ volunteerId: id, done, left: UNDO_SECONDS });
  };
  const undo = () => {
    setPending(null);
    setSaid({ ok: true, text: 'Undone: your sign-up is kept.' });
  };
  const taken = new Set(signUps.map((s) => s.shiftId));
  const others = shifts.filter(
    (s) => !taken.has(s.id) && Date.parse(s.endDate) > now && (s.filled < s.capacity || (s.capacity > 0 && Date.parse(s.startDate) > now)),
  );
  const map = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.location)}`;
  return (
    <Page title={TITLE} intro={mine.data.name ? `Hello ${mine.data.name}. These are your sign-ups; no password is needed.` : undefined}>
      <div className="max-w-2xl space-y-6">
        <section aria-labelledby="event-heading" className={`${box} space-y-2`}>
          <h2 id="event-heading" className="text-2xl font-bold text-navy-800">
            {event.title}
          </h2>
          <p>{when(event)}</p>
          <p>{event.location}</p>
          <div className="flex flex-wrap gap-2 pt-2">
            <a href={map} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline' })}>
              <MapPinIcon aria-hidden="true" />
              Map<span className="sr-only"> of {event.location} (opens in a new tab)</span>
            </a>
            <a href={`/api/events/${event.id}.ics`} download className={buttonVariants({ variant: 'outline' })}>
              <CalendarPlusIcon aria-hidden="true" />
              Add to calendar
            </a>
          </div>
        </section>
        <p role="status" aria-live="polite" className={said ? `${box} ${said.ok ? '' : 'border-flag-red-300 text-flag-red-800'}` : 'sr-only'}>
          {said?.text}
        </p>
        <section aria-labelledby="mine-heading" className="space-y-3">
          <h2 id="mine-heading" className="text-2xl font-bold text-navy-800">
            Your sign-ups
          </h2>
          {signUps.length === 0 ? <p className={box}>You have no sign-ups left for this event.</p> : null}
          <ul className="space-y-3">
            {signUps.map((s) => (
              <li key={s.id} className={`${box} space-y-2`}>
                <p className="font-semibold">{s.role ?? 'Volunteer'}</p>
                <p>{when(s, event.startDate)}</p>
                <p>{s.status === 'confirmed' ? 'Confirmed' : `On the waitlist, position ${s.position ?? 1}`}</p>
                {s.checkInCode ? (
                  <div className="space-y-1">
                    <img
                      src={`/check-in/${s.checkInCode}/qr.png`}
                      width={160}
                      height={160}
                      alt={`Check-in code: ${s.role ?? event.title}`}
                      className="rounded border bg-white p-1"
                    />
                    <p>
                      <a href={`/check-in/${s.checkInCode}`} className="font-semibold text-navy-800 underline underline-offset-4">
                        Show my check-in code<span className="sr-only">: {s.role ?? event.title}</span>
                      </a>{' '}
                      (at the door)
                    </p>
                  </div>
                ) : null}
                {pending?.volunteerId === s.id ? (
                  <div className="flex flex-wrap items-center gap-3 rounded border border-flag-red-300 bg-flag-red-50 p-3">
                    <p className="text-flag-red-800">
                      {s.status === 'waitlisted' ? 'Leaving the waitlist' : 'Cancelling'} in {pending.left} s.
                    </p>
                    <Button ref={undoButton} variant="outline" onClick={undo}>
                      Undo
                      <span className="sr-only">: keep {s.role ?? event.title}</span>
                    </Button>
                  </div>
                ) : (
                  <Button
                    variant="outline"
                    disabled={manage.isPending || pending !== null}
                    onClick={() =>
                      s.status === 'waitlisted'
                        ? startCancel(s.id, 'You have left the waitlist.')
                        : setAsking({ id: s.id, role: s.role, done: 'Your sign-up is cancelled.' })
                    }
                  >
                    {/* A waiting place is left, not freed (issue 43). */}
                    {s.status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel this sign-up'}
                    <span className="sr-only">: {s.role ?? event.title}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
        {others.length && signUps.length ? (
          <section aria-labelledby="more-heading" className="space-y-3">
            <h2 id="more-heading" className="text-2xl font-bold text-navy-800">
              Other shifts
            </h2>
            <ul className="space-y-3">
              {others.map((s) => {
                const full = s.filled >= s.capacity;
                return (
                  <li key={s.id} className={`${box} space-y-2`}>
                    <p className="font-semibold">{s.role}</p>
                    <p>{when(s, event.startDate)}</p>
                    <p className="text-muted-foreground">{volunteerMessages.filled(s.filled, s.capacity)}</p>
                    <Button
                      variant={full ? 'outline' : 'destructive'}
                      disabled={manage.isPending}
                      onClick={() => void act({ action: 'add', shiftId: s.id }, `You are signed up for ${s.role}.`)}
                    >
                      {full ? 'Full — join the waitlist' : 'Add this shift'}
                      <span className="sr-only">: {s.role}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Cancel your place?"
        description={`Your place${asking?.role ? ` as ${asking.role}` : ''} at ${event.title} is given up: the next person waiting, if any, gets it at once and is told by e-mail.`}
        confirmLabel="Cancel my sign-up"
        cancelLabel="Keep my place"
        onConfirm={() => {
          if (asking) startCancel(asking.id, asking.done);
          setAsking(null);
        }}
      />
    </Page>
  );
}
