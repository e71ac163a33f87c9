import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { HonorRollEntryPage } from '../../features/honor-roll/honor-roll-entry-page.tsx';
import { orNull } from '../../lib/optional-query.ts';
import { seo } from '../../lib/seo.ts';

export const Route = createFileRoute('/honor-roll/$id')({
  // The entry, null when there is none (the server answers 404), undefined when it could not be read.
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return null;
    try {
      return await context.queryClient.ensureQueryData(orNull(context.trpcUtils.honorRoll.byId.queryOptions({ id })));
    } catch {
      return undefined;
    }
  },
  head: ({ match, loaderData }) =>
    loaderData
      ? seo(match.context, {
          title: `${loaderData.firstName} ${loaderData.lastName} — Post Everlasting`,
          description: `In memory of ${loaderData.firstName} ${loaderData.lastName}.`,
          path: `/honor-roll/${loaderData.id}`,
        })
      : seo(match.context, { title: loaderData === null ? 'Page Not Found' : 'Post Everlasting', noindex: true }),
  component: HonorRollEntryRoute,
});

function HonorRollEntryRoute() {
  const { id } = Route.useParams();
  return <HonorRollEntryPage id={id} />;
}
