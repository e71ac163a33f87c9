import { createFileRoute } from '@tanstack/react-router';
import { seo } from '../lib/seo.ts';
import { HonorsRequestPage } from '../features/honors/request-page.tsx';

export const Route = createFileRoute('/funeral-honors')({
  head: ({ match }) =>
    seo(match.context, {
      title: 'Request Funeral Honors',
      description: "Ask the post's honor guard for military funeral honors at a veteran's service: what we can offer, and whom to call when it is urgent.",
      path: '/funeral-honors',
    }),
  component: HonorsRequestPage,
});
