import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/member-communications/$id')({
  component: () => (
    <Page title="Member Communications">
      <title>Member Communications</title>
    </Page>
  ),
});
