import { useCallback } from 'react';
import { toast } from '../../../lib/toast.ts';
import { T } from '@post/contracts/messages';
import { errorStatus, serverMessage, trpc } from '../../../lib/trpc.ts';

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
 * Returns a check for failed saves: when one answers 401 (the session has lapsed), the sign-in
 * check is read again, so the admin guard shows the login page in place of the form (or sends
 * the redirecting pages to /admin/login). The form's draft stays in the tab and comes back after
 * signing in again. Returns whether the session had lapsed.
 */
export function useSessionLapse(): (err: unknown) => boolean {
  const utils = trpc.useUtils();
  return useCallback(
    (err: unknown) => {
      if (errorStatus(err) !== 401) return false;
      void utils.adminAuth.check.invalidate();
      return true;
    },
    [utils],
  );
}
