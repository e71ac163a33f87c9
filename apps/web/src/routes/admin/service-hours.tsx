import { createFileRoute } from '@tanstack/react-router';
import { SERVICE_ENTRY_STATUSES } from '@post/contracts/enums/service-entry-status';
import { parseId } from '@post/contracts/ids';
import { oneOf, text } from '../../lib/search.ts';
import { LedgerPage, type LedgerSearch } from '../../features/service-hours/ledger-page.tsx';

export const Route = createFileRoute('/admin/service-hours')({
  validateSearch: (s: Record<string, unknown>): LedgerSearch => ({
    q: text(s.q, 100),
    status: oneOf(s.status, SERVICE_ENTRY_STATUSES),
    categoryId: parseId(s.categoryId),
    year: parseId(s.year),
    page: parseId(s.page),
  }),
  component: LedgerRoute,
});

function LedgerRoute() {
  return <LedgerPage search={Route.useSearch()} />;
}
