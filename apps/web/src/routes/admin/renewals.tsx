import { createFileRoute } from '@tanstack/react-router';
import { RenewalsPage } from '../../features/renewals/renewals-page.tsx';

export const Route = createFileRoute('/admin/renewals')({
  staticData: { administratorOnly: true },
  component: RenewalsPage,
});
