import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_SESSION_KEY, trpc } from '../../lib/trpc.ts';

/** The administrator check: fresh for 5 minutes, refetched on focus (spec §4). */
export function useAdminSession() {
  return trpc.adminAuth.check.useQuery(undefined, {
    staleTime: 300_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** The member check: never cached, refetched on mount and focus, 401 means "nobody" (spec §4, §7). */
export function useMemberSession() {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: MEMBER_SESSION_KEY,
    // `session` answers null for nobody (the REST check's 401, without a failed request in the console).
    queryFn: () => utils.client.memberAuth.session.query(),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Re-reads both sign-in checks (after a sign-in or sign-out). */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.adminAuth.check.invalidate(), queryClient.invalidateQueries({ queryKey: MEMBER_SESSION_KEY })]);
  };
}
