import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/commander-messages/$id')({
  component: () => (
    <Page title="Edit Commander Message">
      <title>Edit Commander Message</title>
    </Page>
  ),
});
