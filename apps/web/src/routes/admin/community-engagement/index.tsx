import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/community-engagement/')({
  component: () => (
    <Page title="New Community Engagement">
      <title>New Community Engagement</title>
    </Page>
  ),
});
