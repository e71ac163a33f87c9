import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/events/new')({
  component: () => (
    <Page title="New Event">
      <title>New Event</title>
    </Page>
  ),
});
