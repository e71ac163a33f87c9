import { useCallback } from 'react';
import { toast } from 'sonner';
import { T } from '@post/contracts/messages';
import { errorStatus, serverMessage } from '../../../lib/trpc.ts';

/** A failed save: the spec's toast, with the server's explanation of a 4xx (or a lapsed session). */
export function toastSaveError(err: unknown, title: string): void {
  if (errorStatus(err) === 401) {
    toast.error(title, { description: T.sessionExpired });
    return;
  }
  const message = serverMessage(err);
  toast.error(title, message ? { description: message } : undefined);
}

/**
 * Returns a check for failed saves: whether one answered 401 (the session has lapsed). The query
 * client has then read the sign-in check again (lib/trpc.ts), so the admin guard shows the login
 * page in place of the form (or sends the redirecting pages to /admin/login). The form's draft
 * stays in the tab and comes back after signing in again.
 */
export function useSessionLapse(): (err: unknown) => boolean {
  return useCallback((err: unknown) => errorStatus(err) === 401, []);
}
