import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../layout/page.tsx';

export const Route = createFileRoute('/events')({
  component: () => (
    <Page title="Events Calendar">
      <title>Events Calendar</title>
    </Page>
  ),
});
