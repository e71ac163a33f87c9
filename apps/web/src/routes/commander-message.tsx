import { createFileRoute } from '@tanstack/react-router';
import { CommanderMessagePage } from '../features/commander-message/commander-message-page.tsx';
import { prefetchCommanderMessage } from '../features/commander-message/queries.ts';
import { prefetchAll } from '../lib/optional-query.ts';

export const Route = createFileRoute('/commander-message')({
  loader: ({ context }) => prefetchAll([prefetchCommanderMessage(context)]),
  component: CommanderMessagePage,
});
