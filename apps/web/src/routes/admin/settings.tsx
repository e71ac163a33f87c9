import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../layout/page.tsx';

export const Route = createFileRoute('/admin/settings')({
  component: () => (
    <Page title="Site Settings">
      <title>Site Settings</title>
    </Page>
  ),
});
