import { commanderMessages } from '@post/contracts/messages/commander';
import { Skeleton } from '@post/ui/components/skeleton';
import { LoadState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { CommanderByline, CommanderMessageBody, useCommanderMessage } from './commander-message.tsx';

/** /commander-message: the active message in full (decisions §3). */
export function CommanderMessagePage() {
  const { message, name, nameLoading } = useCommanderMessage();
  const f = usePostFormat();
  return (
    <Page title="Commander's Message">
      <LoadState query={message} loadingText={commanderMessages.loading} empty={commanderMessages.noneAvailable} skeleton={<MessageSkeleton />}>
        {(m) => (
          <article className="max-w-3xl rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            <CommanderByline name={name} loading={nameLoading} className="mb-6" />
            <CommanderMessageBody content={m.content} />
            <p className="mt-6 text-base text-muted-foreground">
              Published <time dateTime={m.publishDate}>{f.longDate(m.publishDate)}</time>
            </p>
          </article>
        )}
      </LoadState>
    </Page>
  );
}

function MessageSkeleton() {
  return (
    <div className="max-w-3xl space-y-4 rounded-xl border p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full!" />
        <Skeleton className="h-6 w-48" />
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className={i % 4 === 3 ? 'h-5 w-2/3' : 'h-5 w-full'} />
      ))}
    </div>
  );
}
