import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/events/$id')({
  component: () => (
    <Page title="Edit Event">
      <title>Edit Event</title>
    </Page>
  ),
});
