import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/officers/invitation-page.tsx';

export const Route = createFileRoute('/admin_/invitation')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: typeof s.token === 'string' ? s.token.slice(0, 200) : undefined }),
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useSearch();
  return <InvitationPage token={token} />;
}
