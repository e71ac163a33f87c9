import { useNavigate } from '@tanstack/react-router';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { clearAllFormDrafts } from './form-drafts.ts';
import { loadToast } from './load-toast.ts';
import { trpc } from './trpc.ts';

const signOutWithPendingMarks = (n: number) =>
  `${n === 1 ? 'One mark made at the door has' : `${n} marks made at the door have`} not been sent yet. Signing out deletes ${n === 1 ? 'it' : 'them'} from this phone. Sign out anyway?`;

/**
 * The administrator check: fresh for 5 minutes, refetched on focus (spec §4). A server-rendered
 * page brings the answer the server rendered with (decision 0080). Callers read only what they
 * need: a component re-renders when a field it has read changes, and no other.
 */
export function useAdminSession() {
  return trpc.adminAuth.check.useQuery(undefined, {
    staleTime: 300_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/**
 * How the member check (`memberAuth.session`, null for nobody) is read, in the portal route's
 * `beforeLoad` and in `useMemberSession`: never cached.
 */
export const MEMBER_SESSION_READ = { staleTime: 0, gcTime: 0, retry: false } as const;

/** The member check: never cached, refetched on mount and focus, 401 means "nobody" (spec §4, §7). */
export function useMemberSession() {
  return trpc.memberAuth.session.useQuery(undefined, { ...MEMBER_SESSION_READ, refetchOnMount: 'always', refetchOnWindowFocus: true });
}

/** Re-reads both sign-in checks (after a sign-in or sign-out). */
export function useRefreshSessions() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.adminAuth.check.invalidate(), utils.memberAuth.session.invalidate()]);
  };
}

/**
 * Signing out, the one way for every button (header, dashboard, member portal). An
 * administrator's sign-out clears the form drafts and says so; a member's failure is only
 * logged (the spec). Both leave for the home page first, so the admin guard or the member
 * portal does not show the login page while the checks are read again.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const refresh = useRefreshSessions();
  const adminLogout = trpc.adminAuth.logout.useMutation();
  const memberLogout = trpc.memberAuth.logout.useMutation();
  const leave = async () => {
    await navigate({ to: '/' });
    await refresh();
  };
  return {
    pending: adminLogout.isPending || memberLogout.isPending,
    admin: async () => {
      // Marks made at the door and not sent would go with the phone's door data (decision 0084);
      // loaded here, not with the header, so public pages do not carry the door's code.
      const door = await import('./door-store.ts');
      const pending = await door.storedPendingCount();
      if (pending > 0 && !window.confirm(signOutWithPendingMarks(pending))) return;
      try {
        await adminLogout.mutateAsync();
      } catch {
        (await loadToast()).error(signInMessages.logoutFailed);
        return;
      }
      clearAllFormDrafts();
      await door.clearDoor();
      (await loadToast()).success(signInMessages.loggedOut);
      await leave();
    },
    member: async () => {
      try {
        await memberLogout.mutateAsync();
      } catch (err) {
        console.error('member logout failed', err);
      }
      await leave();
      (await loadToast()).success(signInMessages.signedOut);
    },
  };
}
