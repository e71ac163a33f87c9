import { createFileRoute, Navigate } from '@tanstack/react-router';
import { oneOf } from '../lib/search.ts';
import { TEXT } from '@post/contracts/messages';
import { useMemberSession } from '../features/auth/use-session.ts';
import { MemberPortalPage } from '../features/member-portal/member-portal-page.tsx';

export const Route = createFileRoute('/member')({
  validateSearch: (s: Record<string, unknown>): { tab?: 'communications' | 'resources' } => ({ tab: oneOf(s.tab, ['communications', 'resources'] as const) }),
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
        {TEXT.loading}
      </p>
    );
  if (!session.data) return <Navigate to="/login" search={{ tab: 'member' }} replace />;
  return (
    <MemberPortalPage
      member={session.data.member}
      tab={tab ?? 'communications'}
      onTabChange={(t) => void navigate({ search: { tab: t === 'communications' ? undefined : t }, replace: true })}
    />
  );
}
