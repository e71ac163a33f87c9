import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../layout/page.tsx';

export const Route = createFileRoute('/admin/user-management')({
  component: () => (
    <Page title="User Management">
      <title>User Management</title>
    </Page>
  ),
});
