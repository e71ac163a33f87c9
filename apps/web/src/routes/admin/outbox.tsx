import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { OUTBOX_STATES } from '@post/contracts/enums/outbox-state';
import { oneOf, text } from '../../lib/search.ts';
import { OutboxPage, type OutboxSearch } from '../../features/admin/outbox/outbox-page.tsx';

const positive = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

export const Route = createFileRoute('/admin/outbox')({
  validateSearch: (s: Record<string, unknown>): OutboxSearch => ({
    q: text(s.q, 200),
    state: oneOf(s.state, OUTBOX_STATES),
    page: positive(s.page),
    id: positive(s.id),
  }),
  component: OutboxRoute,
});

function OutboxRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: OutboxSearch, replace?: boolean) => void navigate({ search: next, replace }), [navigate]);
  return <OutboxPage search={search} onSearch={onSearch} />;
}
