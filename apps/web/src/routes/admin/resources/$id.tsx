import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../layout/page.tsx';

export const Route = createFileRoute('/admin/resources/$id')({
  component: () => (
    <Page title="Edit Resource">
      <title>Edit Resource</title>
    </Page>
  ),
});
