import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DuesStatus } from '@post/contracts/enums';
import { PostRoleFilter } from '@post/contracts/members';
import { UserManagementPage, type DirectoryFilters } from '../../features/members/user-management-page.tsx';

export const Route = createFileRoute('/admin/user-management')({
  validateSearch: z.object({
    q: z.string().max(200).optional().catch(undefined),
    status: z.enum(['active', 'inactive']).optional().catch(undefined),
    role: PostRoleFilter.optional().catch(undefined),
    dues: DuesStatus.optional().catch(undefined),
  }),
  component: UserManagementRoute,
});

function UserManagementRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = useCallback((f: DirectoryFilters) => void navigate({ search: f, replace: true }), [navigate]);
  return <UserManagementPage filters={filters} onFiltersChange={onFiltersChange} />;
}
