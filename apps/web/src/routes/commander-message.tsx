import { seo } from '../lib/seo.ts';
import { createFileRoute } from '@tanstack/react-router';
import { CommanderMessagePage } from '../features/commander-message/commander-message-page.tsx';
import { prefetchCommanderMessage } from '../features/commander-message/queries.ts';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/commander-message')({
  head: ({ match }) =>
    seo(match.context, {
      title: "Commander's Message",
      description: "The Post Commander's message to members, families and neighbours.",
      path: '/commander-message',
    }),
  loader: ({ context }) => prefetchAll([prefetchCommanderMessage(context)]),
  component: CommanderMessagePage,
});
