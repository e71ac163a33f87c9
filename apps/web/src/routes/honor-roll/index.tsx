import { createFileRoute } from '@tanstack/react-router';
import { HonorRollPage } from '../../features/honor-roll/honor-roll-page.tsx';
import { orNull } from '../../lib/optional-query.ts';
import { seo, settingsOf } from '../../lib/seo.ts';

export const Route = createFileRoute('/honor-roll/')({
  // null when Settings turned the honor roll off: the server then answers 404 (decision 0065).
  loader: async ({ context }) => {
    try {
      const list = await context.queryClient.ensureQueryData(orNull(context.trpcUtils.honorRoll.list.queryOptions()));
      return list === null ? null : { found: true };
    } catch {
      return undefined;
    }
  },
  head: ({ match, loaderData }) =>
    loaderData === null
      ? seo(match.context, { title: 'Page Not Found', noindex: true })
      : seo(match.context, {
          title: 'Post Everlasting',
          description: `The honor roll of departed members of ${settingsOf(match.context).postName}.`,
          path: '/honor-roll',
        }),
  component: HonorRollPage,
});
