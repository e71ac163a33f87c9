import { honorsMessages as m } from '@post/contracts/messages/honors';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { LinkActionPage, linkPreviewState } from '../mail-links/link-action.tsx';
import { usePostFormat } from '../../lib/format.ts';

const TITLE = 'Funeral Honors Call-Out';

/**
 * /honors/answer?token= (decision 0088): the page behind a call-out's "I can serve as …" link.
 * Opening it changes nothing (mail scanners open links); the button takes the role, or its
 * waitlist when it filled meanwhile.
 */
export function HonorsAnswerPage({ token }: { token: string | undefined }) {
  const answer = trpc.honors.answer.useMutation();
  const { longDate, time } = usePostFormat();
  const when = (iso: string) => `${longDate(iso)}, ${time(iso)}`;
  const preview = trpc.honors.answerPreview.useQuery(
    { token: token ?? '' },
    { enabled: Boolean(token), retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const state = linkPreviewState(TITLE, token, preview, m.answerLinkInvalid);
  if (state) return state;
  const p = preview.data;
  const full = p ? p.needed === 0 : false;
  const facts = p ? (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">For</dt>
      <dd>{p.deceasedName}</dd>
      <dt className="font-semibold">When</dt>
      <dd>{when(p.serviceAt)}</dd>
      <dt className="font-semibold">Where</dt>
      <dd>{p.location}</dd>
      <dt className="font-semibold">Role</dt>
      <dd>{p.label}</dd>
      <dt className="font-semibold">Still needed</dt>
      <dd>{p.needed}</dd>
    </dl>
  ) : null;
  if (p && p.answered !== 'no')
    return (
      <Page title={TITLE}>
        <div role="status" className="max-w-2xl space-y-4 rounded-lg border bg-card p-6 text-lg">
          {facts}
          <p className="font-semibold">{p.answered === 'confirmed' ? `You are down as ${p.label}. Thank you.` : `You are on the waitlist for ${p.label}.`}</p>
        </div>
      </Page>
    );
  return (
    <LinkActionPage
      title={TITLE}
      token={token}
      details={facts}
      question={p ? (full ? `${p.label} is filled. Wait for a place?` : `Serve as ${p.label}, ${p.memberName}?`) : ''}
      actionLabel={p ? (full ? 'Join the waitlist' : m.serveAs(p.label)) : 'Answer'}
      pendingLabel="Answering…"
      done="Thank you."
      run={async (t) => {
        const r = await answer.mutateAsync({ token: t, waitlist: true });
        return r.status === 'confirmed'
          ? `You are down as ${p?.label ?? 'a member of the detail'}. A confirmation with your check-in code is on its way by e-mail.`
          : `The role filled before your answer: you are number ${r.position ?? 1} on its waitlist, and will be told by e-mail if a place frees.`;
      }}
    />
  );
}
