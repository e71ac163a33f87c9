import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { DUES_STATUSES } from '@post/contracts/enums/dues-status';
import { MEMBER_STATUSES } from '@post/contracts/enums/member-status';
import { POST_ROLES } from '@post/contracts/enums/post-role';
import { oneOf, text } from '../../lib/search.ts';
import { UserManagementPage, type DirectoryFilters } from '../../features/members/user-management-page.tsx';

export const Route = createFileRoute('/admin/user-management')({
  staticData: { administratorOnly: true },
  validateSearch: (s: Record<string, unknown>): DirectoryFilters => ({
    q: text(s.q, 200),
    status: oneOf(s.status, MEMBER_STATUSES),
    role: oneOf(s.role, ['any', 'none', ...POST_ROLES] as const),
    dues: oneOf(s.dues, DUES_STATUSES),
  }),
  component: UserManagementRoute,
});

function UserManagementRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = useCallback((f: DirectoryFilters) => void navigate({ search: f, replace: true }), [navigate]);
  return <UserManagementPage filters={filters} onFiltersChange={onFiltersChange} />;
}
