import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec's address of the create form stays for bookmarks: it forwards to the editor's own page (decision 0099).
export const Route = createFileRoute('/admin/community-engagement/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/community-engagement/new', replace: true });
  },
});
