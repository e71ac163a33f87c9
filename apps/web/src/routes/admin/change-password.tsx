import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../layout/page.tsx';

export const Route = createFileRoute('/admin/change-password')({
  staticData: { redirectToLogin: true },
  component: () => (
    <Page title="Change Password">
      <title>Change Password</title>
    </Page>
  ),
});
