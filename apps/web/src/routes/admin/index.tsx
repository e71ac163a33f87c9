import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Page } from '../../layout/page.tsx';

export const Route = createFileRoute('/admin/')({
  validateSearch: z.object({ tab: z.enum(['events', 'news', 'resources', 'commander', 'engagements']).optional().catch(undefined) }),
  component: () => (
    <Page title="Admin Dashboard">
      <title>Admin Dashboard</title>
    </Page>
  ),
});
