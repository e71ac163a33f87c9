import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/resources/new')({
  component: () => (
    <Page title="New Resource">
      <title>New Resource</title>
    </Page>
  ),
});
