import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { SubscribeInput } from '@post/contracts/newsletter';
import { T } from '@post/contracts/messages';
import { Button } from '@post/ui/components/button';
import { Field, FieldControl, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** The footer's newsletter sign-up (decisions §5), with a honeypot instead of a CAPTCHA. */
export function NewsletterBox() {
  const form = useForm<SubscribeInput>({ resolver: zodResolver(SubscribeInput), defaultValues: { email: '', website: '' } });
  const subscribe = trpc.newsletter.subscribe.useMutation();
  const hydrated = useHydrated();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await subscribe.mutateAsync(values);
      toast.success(T.newsletterSubscribed.title, { description: T.newsletterSubscribed.description });
      form.reset();
    } catch (err) {
      toast.error('Error', { description: serverMessage(err) ?? 'We could not sign you up just now. Please try again.' });
    }
  });
  const error = form.formState.errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter sign-up" className="space-y-2">
      <Field>
        <FieldLabel className="text-white">Your email address</FieldLabel>
        <div className="flex gap-2">
          <FieldControl>
            <Input type="email" autoComplete="email" inputMode="email" required aria-required="true" className="bg-white text-foreground" {...form.register('email')} />
          </FieldControl>
          <Button type="submit" variant="destructive" disabled={!hydrated || form.formState.isSubmitting}>
            Subscribe
          </Button>
        </div>
        <FieldError className="rounded bg-white px-2 py-1">{error}</FieldError>
      </Field>
      {/* People never see or fill this; simple bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </label>
      </div>
    </form>
  );
}
