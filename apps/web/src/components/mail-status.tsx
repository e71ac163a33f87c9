import { Link } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
import { trpc } from '../lib/trpc.ts';

/**
 * Whether the site can send e-mail now; undefined until known. Without a mail server, messages wait
 * in the Outbox, and a screen that says "sent" or "Check your e-mail" says so instead (issue 46).
 */
export function useMailConfigured(): boolean | undefined {
  return trpc.outbox.status.useQuery(undefined, { staleTime: 5 * 60_000 }).data?.configured;
}

/** What a visitor or member is told instead of "Check your e-mail" while nothing can be sent. */
export const MAIL_WAITS =
  "This site cannot send e-mail yet: the post has not set up its mail server. Your request is saved, and the message goes out once it can. If it is urgent, ask the post's adjutant.";

/** What staff are told of a message that waits, and where to see it. */
export const MAIL_WAITS_STAFF = 'No mail server is set up, so it waits in the Outbox (Admin Dashboard, Outbox) and goes out once one is.';

/** The dashboard's banner while no mail server is set up, linking to the setup help on the Outbox page. */
export function NoMailServerBanner() {
  const configured = useMailConfigured();
  if (configured !== false) return null;
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950">
      <TriangleAlertIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <p>
        <strong>E-mail is not set up.</strong> Volunteer confirmations, invitations, password links and newsletters wait in the Outbox, and nobody receives
        them.{' '}
        <Link to="/admin/outbox" hash="mail-setup" className="font-semibold underline underline-offset-4">
          How to set up e-mail
        </Link>
      </p>
    </div>
  );
}

/** The Outbox's help: how the post's server is given a mail server. */
export function MailSetupHelp() {
  const configured = useMailConfigured();
  if (configured !== false) return null;
  return (
    <section id="mail-setup" aria-labelledby="mail-setup-title" className="mb-6 scroll-mt-24 rounded-lg border bg-card p-4">
      <h2 id="mail-setup-title" className="text-lg font-semibold">
        Set up e-mail
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        <li>Get the SMTP details of a mail service (your e-mail provider, or a sending service): host, port, user name and password.</li>
        <li>
          In the site's configuration (the <code>.env</code> file beside it, or the container's environment), set <code>SMTP_URL</code>, for example{' '}
          <code className="break-all">smtp://user:password@smtp.example.org:587</code>, and <code>MAIL_FROM</code> to the address messages come from.
        </li>
        <li>Restart the site. The messages waiting here then go out on their own.</li>
      </ol>
    </section>
  );
}
