import { useEffect } from 'react';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { oneOf } from '../lib/search.ts';
import { commonMessages } from '@post/contracts/messages/common';
import { MEMBER_SESSION_READ, useMemberSession } from '../lib/use-session.ts';
import { MemberPortalPage } from '../features/member-portal/member-portal-page.tsx';

export const Route = createFileRoute('/member')({
  validateSearch: (s: Record<string, unknown>): { tab?: 'communications' | 'resources' } => ({ tab: oneOf(s.tab, ['communications', 'resources'] as const) }),
  // Only with a member session; otherwise the Login page's Member Portal tab, before anything renders (decision 0067).
  beforeLoad: async ({ context }) => {
    // A check that fails (the connection dropped) counts as nobody, as it did in the page.
    const session = await context.trpcUtils.memberAuth.session.fetch(undefined, MEMBER_SESSION_READ).catch(() => null);
    if (!session) throw redirect({ to: '/login', search: { tab: 'member' }, replace: true });
  },
  component: MemberRoute,
});

/** The member portal: only with a member session, otherwise the Login page's Member Portal tab. */
function MemberRoute() {
  const session = useMemberSession();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (session.isPending)
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">
        {commonMessages.loading}
      </p>
    );
  // A session that lapses while the portal is open: the route's beforeLoad decides again.
  if (!session.data) return <Recheck />;
  return (
    <MemberPortalPage
      member={session.data.member}
      tab={tab ?? 'communications'}
      onTabChange={(t) => void navigate({ search: { tab: t === 'communications' ? undefined : t }, replace: true })}
    />
  );
}

/** Runs the route's checks again (its beforeLoad sends a visitor without a session to the login). */
function Recheck() {
  const router = useRouter();
  useEffect(() => {
    void router.invalidate();
  }, [router]);
  return null;
}
