import { useId, useRef } from 'react';
import type { ZodType } from 'zod';
import type { SubscribeInput } from '@post/contracts/newsletter';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { loadToast } from '../../lib/load-toast.ts';
import { MAIL_WAITS } from '../../components/mail-status.tsx';
import { usePlainForm } from '../../components/form/plain-form.ts';

/** The contract's schema (zod with it) loads when the box is first focused, not with every page. */
const schema = () => import('@post/contracts/newsletter').then((m): ZodType<SubscribeInput> => m.SubscribeInput);

/**
 * The footer's newsletter sign-up (decisions §5), with a honeypot instead of a CAPTCHA: a plain
 * form checked by the contract's schema, as the sign-in forms are (decision 0077). The field is
 * uncontrolled: an address typed before the page has run stays in the field and is what is sent
 * (a controlled field's hydration emptied it, and Subscribe then said "Email is required").
 */
export function NewsletterBox() {
  const id = useId();
  const form = usePlainForm(schema);
  const error = form.errors.email ?? form.errors.website;
  const input = useRef<HTMLInputElement>(null);
  const subscribe = trpc.newsletter.subscribe.useMutation();
  const utils = trpc.useUtils();

  async function send(values: SubscribeInput): Promise<false> {
    try {
      await subscribe.mutateAsync(values);
      // Asked only now: the footer is on every page and should cost no request of its own.
      const configured = await utils.outbox.status.fetch().then(
        (s) => s.configured,
        () => true,
      );
      if (input.current) input.current.value = '';
      // One id for the action's toasts: a success replaces the error shown before it.
      (await loadToast()).success(configured ? newsletterMessages.subscribed.title : 'Subscription saved', {
        id: 'newsletter',
        description: configured ? newsletterMessages.subscribed.description : MAIL_WAITS,
      });
    } catch (err) {
      (await loadToast()).error('Error', { id: 'newsletter', description: serverMessage(err) ?? 'We could not sign you up just now. Please try again.' });
    }
    return false;
  }

  return (
    <form {...form.formProps} onSubmit={(e) => form.submit(e, send)} aria-label="Newsletter sign-up" className="space-y-2">
      <label htmlFor={`${id}-email`} className="block font-semibold text-white">
        Your email address
      </label>
      {/* The address gets at least 12rem: where that and the button do not fit side by side, the button goes below. */}
      <div className="flex flex-wrap gap-2">
        <Input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-48! flex-1 bg-white!"
        />
        <Button type="submit" variant="destructive" disabled={!form.hydrated || form.busy}>
          Subscribe
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded bg-white px-2 py-1 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {/* People never see or fill this; simple bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
    </form>
  );
}
