import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../layout/page.tsx';

export const Route = createFileRoute('/resources')({
  component: () => (
    <Page title="Veteran Resources">
      <title>Veteran Resources</title>
    </Page>
  ),
});
