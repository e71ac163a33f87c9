import { useState } from 'react';
import { MailIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { serverMessage, trpc } from '../../lib/trpc.ts';

/**
 * A second sign-up with the same address (decision 0096): said kindly in the form, with the way to
 * the person's sign-ups, their link mailed again on request. The button sends once: it is
 * disabled while asking and after, and the server sends one message per person and event in a
 * quarter of an hour whatever is tapped.
 */
export function AlreadySignedUp({ message, eventId, email }: { message: string; eventId: number; email: string }) {
  const resend = trpc.volunteers.resendLink.useMutation();
  const [asked, setAsked] = useState(false);
  const send = () => {
    if (asked) return;
    setAsked(true);
    resend.mutate({ eventId, email }, { onError: () => setAsked(false) });
  };
  const done = resend.data?.status;
  return (
    <div className="space-y-3 rounded-lg border border-sky-700/40 bg-sky-50 p-3 text-base text-sky-950">
      <p className="font-semibold">{message}</p>
      <p>Your sign-ups are on a page of your own, where you can see them, add a shift or cancel. Its link is in your confirmation e-mail.</p>
      {done ? (
        <p className="font-semibold">
          {done === 'sent'
            ? `The link to your sign-ups is on its way to ${email}.`
            : `The link was sent to ${email} a few minutes ago: please look in your inbox, and in your spam folder.`}
        </p>
      ) : (
        <Button type="button" variant="outline" onClick={send} disabled={asked}>
          <MailIcon aria-hidden="true" />
          {resend.isPending ? 'Sending...' : 'E-mail me the link to my sign-ups'}
        </Button>
      )}
      {resend.isError ? (
        <p role="alert" className="text-destructive">
          {serverMessage(resend.error) ?? 'The link could not be sent. Please try again.'}
        </p>
      ) : null}
    </div>
  );
}
