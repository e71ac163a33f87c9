import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { commanderMessages } from '@post/contracts/messages/commander';
import { cn } from '@post/ui/lib/utils';
import { trpc } from '../../lib/trpc.ts';
import { orNull } from '../../lib/optional-query.ts';
import { commanderMessageHtml } from '../../lib/sanitize.ts';

/** The active commander message (null: none) and the commander's name (the message's, else the Post Commander member's, else the fallback). */
export function useCommanderMessage() {
  const utils = trpc.useUtils();
  const message = useQuery(orNull(utils.commanderMessages.active.queryOptions()));
  const needsName = message.isSuccess && message.data !== null && !message.data.commanderName;
  const commander = useQuery({ ...orNull(utils.members.postCommander.queryOptions()), enabled: needsName });
  const name = message.data?.commanderName || commander.data?.fullName || commanderMessages.postCommanderFallback;
  return { message, name, nameLoading: needsName && commander.isPending };
}

/** "Thomas Reed" -> "TR"; the fallback "Post Commander" -> "PC". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || 'PC';
}

/**
 * The message as HTML, sanitized again here (decisions §3), newlines shown as line breaks: the
 * same element on the server and in the browser (see `commanderMessageHtml`).
 */
export function CommanderMessageBody({ content, className }: { content: string; className?: string }) {
  const html = useMemo(() => commanderMessageHtml(content), [content]);
  const cls = cn('space-y-4 text-lg leading-relaxed [&_strong]:font-semibold [&_u]:underline-offset-2', className);
  return <div data-slot="commander-message-body" className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Initials badge, name and title of the commander. */
export function CommanderByline({ name, loading, className }: { name: string; loading?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-full border-2 border-gold bg-navy-800 text-xl font-bold text-white"
      >
        {loading ? '' : initialsOf(name)}
      </span>
      <span className="min-w-0">
        <span className="block text-lg font-semibold text-navy-800">{loading ? '\u00a0' : name}</span>
        {name === commanderMessages.postCommanderFallback ? null : (
          <span className="block text-base text-muted-foreground">{commanderMessages.postCommanderFallback}</span>
        )}
      </span>
    </div>
  );
}
