import { createFileRoute, Navigate } from '@tanstack/react-router';
import { TEXT } from '@post/contracts/messages';
import { useMemberSession } from '../features/auth/use-session.ts';
import { Page } from '../layout/page.tsx';

export const Route = createFileRoute('/member')({ component: MemberRoute });

/** The member portal: only with a member session, otherwise the Login page's Member Portal tab. */
function MemberRoute() {
  const session = useMemberSession();
  if (session.isPending) return <p role="status" className="mx-auto max-w-6xl px-4 py-10 text-lg">{TEXT.loading}</p>;
  if (!session.data) return <Navigate to="/login" search={{ tab: 'member' }} replace />;
  return (
    <Page title="Member Portal" intro={`Welcome, ${session.data.member.firstName}.`}>
      <title>Member Portal</title>
      <meta name="robots" content="noindex" />
    </Page>
  );
}
