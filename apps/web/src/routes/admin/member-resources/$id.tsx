import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/member-resources/$id')({
  component: () => (
    <Page title="Member Resources">
      <title>Member Resources</title>
    </Page>
  ),
});
