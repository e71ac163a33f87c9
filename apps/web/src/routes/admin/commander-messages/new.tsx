import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/commander-messages/new')({
  component: () => (
    <Page title="New Commander Message">
      <title>New Commander Message</title>
    </Page>
  ),
});
