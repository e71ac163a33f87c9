import { createFileRoute } from '@tanstack/react-router';
import { HonorRollAdminPage } from '../../features/honor-roll/honor-roll-admin-page.tsx';

export const Route = createFileRoute('/admin/honor-roll')({
  staticData: { administratorOnly: true },
  component: HonorRollAdminPage,
});
