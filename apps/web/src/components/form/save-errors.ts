import { toast } from 'sonner';
import { failureMessage } from '../../lib/trpc.ts';

/**
 * A failed write: the spec's toast, described by failureMessage (a lapsed session, or the
 * server's explanation of a 4xx). On a 401 the query client reads the sign-in check again
 * (lib/trpc.ts), so the admin guard shows the login page in place of the form, whose draft
 * stays in the tab.
 */
export function toastSaveError(err: unknown, title: string): void {
  const description = failureMessage(err);
  toast.error(title, description ? { description } : undefined);
}
