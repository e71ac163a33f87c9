import { trpc } from '../../lib/trpc.ts';
import { LinkActionPage } from './link-action.tsx';

/** /newsletter/confirm?token=: the button of the confirmation message's link subscribes. */
export function NewsletterConfirmPage({ token }: { token: string | undefined }) {
  const confirm = trpc.newsletter.confirm.useMutation();
  return (
    <LinkActionPage
      title="Confirm Your Subscription"
      token={token}
      question="Do you want to receive our newsletter by e-mail?"
      actionLabel="Confirm my subscription"
      pendingLabel="Confirming…"
      done="You are subscribed."
      run={async (t) => {
        const r = await confirm.mutateAsync({ token: t });
        return `The newsletter will come to ${r.email}. Every issue has a link to unsubscribe.`;
      }}
    />
  );
}

/** /newsletter/unsubscribe?token=: the link at the foot of every issue. */
export function NewsletterUnsubscribePage({ token }: { token: string | undefined }) {
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();
  return (
    <LinkActionPage
      title="Unsubscribe"
      token={token}
      question="Stop sending me the newsletter?"
      actionLabel="Unsubscribe"
      pendingLabel="Unsubscribing…"
      done="You are unsubscribed."
      run={async (t) => {
        const r = await unsubscribe.mutateAsync({ token: t });
        return `No more newsletters will be sent to ${r.email}. You can subscribe again at any time from the box at the foot of every page.`;
      }}
    />
  );
}
