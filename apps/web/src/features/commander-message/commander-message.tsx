import { useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@post/contracts/messages';
import { cn } from '@post/ui/lib/utils';
import { trpc } from '../../lib/trpc.ts';
import { activeMessageQuery, postCommanderQuery } from './queries.ts';
import { sanitizeCommanderHtml } from './sanitize.ts';

/** The active commander message (null: none) and the commander's name (the message's, else the Post Commander member's, else the fallback). */
export function useCommanderMessage() {
  const client = trpc.useUtils().client;
  const message = useQuery(activeMessageQuery(client));
  const needsName = message.isSuccess && message.data !== null && !message.data.commanderName;
  const commander = useQuery({ ...postCommanderQuery(client), enabled: needsName });
  const name = message.data?.commanderName || commander.data?.fullName || TEXT.postCommanderFallback;
  return { message, name, nameLoading: needsName && commander.isPending };
}

/** "Thomas Reed" -> "TR"; the fallback "Post Commander" -> "PC". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || 'PC';
}

const noSubscribe = () => () => {};

/** The message's text without any markup, for renders where no DOMParser exists (server, hydration). */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
      if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    })
    .trim();
}

/**
 * The message as HTML, sanitized again here (decisions §3), newlines shown as line breaks.
 * A server render (and the hydration that follows it) shows the plain text: the browser's
 * parser is needed to sanitize, and React escapes plain text.
 */
export function CommanderMessageBody({ content, className }: { content: string; className?: string }) {
  const inBrowser = useSyncExternalStore(noSubscribe, () => true, () => false);
  const html = useMemo(() => (inBrowser ? sanitizeCommanderHtml(content) : null), [content, inBrowser]);
  const cls = cn('space-y-4 text-lg leading-relaxed [&_strong]:font-semibold [&_u]:underline-offset-2', className);
  if (html === null) {
    return (
      <div data-slot="commander-message-body" className={cn(cls, 'whitespace-pre-line')}>
        {plainText(content)}
      </div>
    );
  }
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
        {name === TEXT.postCommanderFallback ? null : <span className="block text-base text-muted-foreground">{TEXT.postCommanderFallback}</span>}
      </span>
    </div>
  );
}
