import { createFileRoute } from '@tanstack/react-router';
import { RenewalsPage } from '../../features/renewals/renewals-page.tsx';
import { warmAll } from '../../lib/warm-all.ts';

export const Route = createFileRoute('/admin/renewals')({
  staticData: { administratorOnly: true, renderOnServer: true },
  // The page's reads come with its shell (decision 0103).
  loader: ({ context }) =>
    context.admin.show === 'page' ? warmAll([context.trpcUtils.renewals.list.ensureData(), context.trpcUtils.renewals.reminders.ensureData()]) : undefined,
  component: RenewalsPage,
});
