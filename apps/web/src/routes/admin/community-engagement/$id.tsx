import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/community-engagement/$id')({
  component: () => (
    <Page title="Edit Community Engagement">
      <title>Edit Community Engagement</title>
    </Page>
  ),
});
