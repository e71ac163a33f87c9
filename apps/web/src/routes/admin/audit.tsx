import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { AuditPage, type AuditSearch } from '../../features/admin/audit/audit-page.tsx';

export const Route = createFileRoute('/admin/audit')({
  staticData: { administratorOnly: true },
  // The filters and the page live in the address: a link or a reload shows the same entries.
  // Route options are in the first JavaScript of every page, so the search is taken as it is
  // here and checked by the page (cleanAuditSearch), which loads with the route.
  validateSearch: (s: Record<string, unknown>) => s as AuditSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((s: AuditSearch) => void navigate({ search: s, replace: true }), [navigate]);
  return <AuditPage search={search} onSearchChange={onSearchChange} />;
}
