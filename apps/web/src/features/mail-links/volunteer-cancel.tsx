import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { trpc } from '../../lib/trpc.ts';
import { LinkActionPage, linkPreviewState } from './link-action.tsx';

const TITLE = 'Cancel Your Sign-Up';

/**
 * /volunteer/cancel?token=: the page behind the link in a volunteer's confirmation and reminder.
 * It shows the sign-up (GET, which uses nothing), asks "Cancel my sign-up?", and only the button
 * cancels it (POST /api/volunteers/cancel).
 */
export function VolunteerCancelPage({ token }: { token: string | undefined }) {
  const cancel = trpc.volunteers.cancel.useMutation();
  const preview = trpc.volunteers.cancelPreview.useQuery(
    { token: token ?? '' },
    { enabled: Boolean(token), retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const state = linkPreviewState(TITLE, token, preview, volunteerMessages.cancelLinkInvalid);
  if (state) return state;
  const s = preview.data;
  const waiting = Boolean(s?.waitlistPosition);
  return (
    <LinkActionPage
      title={TITLE}
      token={token}
      details={
        s ? (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Event</dt>
            <dd>{s.eventTitle}</dd>
            <dt className="font-semibold">When</dt>
            <dd>{s.when}</dd>
            <dt className="font-semibold">Where</dt>
            <dd>{s.location}</dd>
            {s.role ? (
              <>
                <dt className="font-semibold">Role</dt>
                <dd>{s.role}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Volunteer</dt>
            <dd>{s.name}</dd>
            {s.waitlistPosition ? (
              <>
                <dt className="font-semibold">Status</dt>
                <dd>On the waitlist, position {s.waitlistPosition}</dd>
              </>
            ) : null}
          </dl>
        ) : null
      }
      // A waiting place is left, not freed (issue 43): nobody moves in behind it.
      question={waiting ? 'Leave the waitlist?' : 'Cancel my sign-up?'}
      actionLabel={waiting ? 'Leave the waitlist' : 'Cancel my sign-up'}
      pendingLabel="Cancelling…"
      done={waiting ? 'You have left the waitlist.' : 'Your sign-up is cancelled.'}
      run={async (t) => {
        const r = await cancel.mutateAsync({ token: t });
        return waiting
          ? `You are no longer on the waitlist for ${r.eventTitle}. Thank you for letting us know.`
          : `Your place at ${r.eventTitle} is free for someone else. Thank you for letting us know.`;
      }}
    />
  );
}
