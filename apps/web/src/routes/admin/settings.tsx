import { createFileRoute } from '@tanstack/react-router';
import { SiteSettingsPage } from '../../features/site-settings/site-settings-form.tsx';

export const Route = createFileRoute('/admin/settings')({
  staticData: { administratorOnly: true },
  component: SiteSettingsPage,
});
