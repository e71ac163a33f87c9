import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../layout/page.tsx';

export const Route = createFileRoute('/admin/news')({
  staticData: { redirectToLogin: true },
  component: () => (
    <Page title="News Item">
      <title>News Item</title>
    </Page>
  ),
});
