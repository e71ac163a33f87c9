import { createFileRoute } from '@tanstack/react-router';
import { AdministratorsPage } from '../../features/officers/administrators-page.tsx';

export const Route = createFileRoute('/admin/administrators')({
  staticData: { administratorOnly: true },
  component: AdministratorsPage,
});
