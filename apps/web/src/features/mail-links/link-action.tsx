import { useRef, useState, useEffect } from 'react';
import type * as React from 'react';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { mailMessages } from '@post/contracts/messages/mail';
import { Button } from '@post/ui/components/button';
import { Page } from '../../layout/page.tsx';
import { serverMessage } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The page behind a link in an e-mail (confirm a subscription, unsubscribe, cancel a sign-up).
 * Opening the link changes nothing (mail scanners open links): the person presses the button,
 * which calls the API with the link's token. Success and failure are announced, and the focus
 * moves to the outcome so a screen reader reads it.
 */
export function LinkActionPage({
  title,
  token,
  question,
  details,
  actionLabel,
  pendingLabel,
  run,
  done,
}: {
  title: string;
  token: string | undefined;
  question: React.ReactNode;
  details?: React.ReactNode;
  actionLabel: string;
  pendingLabel: string;
  /** Calls the API; returns the success message. */
  run: (token: string) => Promise<React.ReactNode>;
  done: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ kind: 'idle' | 'pending' } | { kind: 'done'; message: React.ReactNode } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.kind === 'done' || state.kind === 'error') outcome.current?.focus();
  }, [state.kind]);

  const onClick = async () => {
    if (!token) return;
    setState({ kind: 'pending' });
    try {
      setState({ kind: 'done', message: await run(token) });
    } catch (err) {
      setState({ kind: 'error', message: serverMessage(err) ?? 'Something went wrong. Please try again.' });
    }
  };

  return (
    <Page title={title}>
      <div className="max-w-2xl space-y-5 rounded-lg border bg-card p-6 text-lg">
        {!token ? (
          <p role="alert" className="flex gap-2 text-flag-red-800">
            <CircleAlertIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
            {mailMessages.linkIncomplete}
          </p>
        ) : state.kind === 'done' ? (
          <div ref={outcome} tabIndex={-1} role="status" className="flex gap-2 outline-none">
            <CircleCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
            <div>
              <p className="font-semibold">{done}</p>
              <p className="mt-1">{state.message}</p>
            </div>
          </div>
        ) : (
          <>
            {details}
            <p className="font-semibold">{question}</p>
            {state.kind === 'error' ? (
              <div
                ref={outcome}
                tabIndex={-1}
                role="alert"
                className="flex gap-2 rounded border border-flag-red-300 bg-flag-red-50 p-3 text-flag-red-800 outline-none"
              >
                <CircleAlertIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
                <span>{state.message}</span>
              </div>
            ) : null}
            <Button size="lg" onClick={() => void onClick()} disabled={!hydrated || state.kind === 'pending'}>
              {state.kind === 'pending' ? pendingLabel : actionLabel}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}

/**
 * A link page whose preview is read first (cancel a sign-up, answer a call-out): its loading and
 * no-longer-good states, or null once the preview is there (or there is no token to check).
 */
export function linkPreviewState(
  title: string,
  token: string | undefined,
  preview: { isPending: boolean; error: unknown; data: unknown },
  invalid: string,
): React.ReactNode {
  if (!token) return null;
  if (preview.isPending)
    return (
      <Page title={title}>
        <p role="status" className="max-w-2xl rounded-lg border bg-card p-6 text-lg">
          {commonMessages.loading}
        </p>
      </Page>
    );
  if (preview.error || preview.data === null)
    return (
      <Page title={title}>
        <p role="alert" className="flex max-w-2xl gap-2 rounded-lg border border-flag-red-300 bg-flag-red-50 p-6 text-lg text-flag-red-800">
          <CircleAlertIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {preview.error ? (serverMessage(preview.error) ?? 'This link could not be checked. Please try again.') : invalid}
        </p>
      </Page>
    );
  return null;
}
