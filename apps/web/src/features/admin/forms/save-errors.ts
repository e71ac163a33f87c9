import { toast } from 'sonner';
import { T } from '@post/contracts/messages';
import { errorStatus, serverMessage } from '../../../lib/trpc.ts';

/**
 * A failed save: the spec's toast, with the server's explanation of a 4xx (or a lapsed session:
 * the query client then reads the sign-in check again (lib/trpc.ts), so the admin guard shows
 * the login page in place of the form, whose draft stays in the tab).
 */
export function toastSaveError(err: unknown, title: string): void {
  if (errorStatus(err) === 401) {
    toast.error(title, { description: T.sessionExpired });
    return;
  }
  const message = serverMessage(err);
  toast.error(title, message ? { description: message } : undefined);
}
