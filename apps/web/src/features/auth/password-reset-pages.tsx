import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { PASSWORD_MIN } from '@post/contracts/limits';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { mailMessages } from '@post/contracts/messages/mail';
import { ResetPasswordInput } from '@post/contracts/mail';
import { Button } from '@post/ui/components/button';
import { Page } from '../../layout/page.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { MAIL_WAITS } from '../../components/mail-status.tsx';

const forgotSchema = z.object({ account: z.string().trim().min(1, accountMessages.forgotNeedsOne).max(255, formMessages.tooLong(255)) });
const resetSchema = z
  .object({ password: ResetPasswordInput.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });

/** An outcome box that takes the focus when it appears, so a screen reader reads it. */
function Outcome({ kind, children }: { kind: 'done' | 'error'; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Icon = kind === 'done' ? CircleCheckIcon : CircleAlertIcon;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={kind === 'done' ? 'status' : 'alert'}
      className={`flex gap-2 rounded border p-3 text-lg outline-none ${kind === 'done' ? 'bg-card' : 'border-flag-red-300 bg-flag-red-50 text-flag-red-800'}`}
    >
      <Icon aria-hidden="true" className={`mt-1 size-5 shrink-0 ${kind === 'done' ? 'text-green-700' : ''}`} />
      <div>{children}</div>
    </div>
  );
}

/** /member/forgot-password: asks for a membership number or e-mail address (issue 19 #4). */
export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const forgot = trpc.memberAuth.forgotPassword.useMutation();
  const utils = trpc.useUtils();
  // 'waits': the request is kept but no mail server is set up, so nothing can arrive yet.
  const [sent, setSent] = useState<false | 'sent' | 'waits'>(false);
  const [problem, setProblem] = useState<string | undefined>();
  const form = useForm<z.infer<typeof forgotSchema>>({ resolver: zodResolver(forgotSchema), defaultValues: { account: '' } });
  const onSubmit = form.handleSubmit(async ({ account }) => {
    setProblem(undefined);
    try {
      await forgot.mutateAsync(account.includes('@') ? { email: account } : { membershipNumber: account });
      const configured = await utils.outbox.status.fetch().then(
        (s) => s.configured,
        () => true,
      );
      setSent(configured ? 'sent' : 'waits');
    } catch (err) {
      setProblem(serverMessage(err) ?? 'Something went wrong. Please try again.');
    }
  });
  return (
    <Page title="Forgot Your Password?">
      <div className="max-w-xl space-y-4 rounded-lg border bg-card p-6">
        {sent === 'waits' ? (
          <Outcome kind="done">
            <p className="font-semibold">Your request is saved.</p>
            <p className="mt-1">{MAIL_WAITS}</p>
          </Outcome>
        ) : sent ? (
          <Outcome kind="done">
            <p className="font-semibold">Check your e-mail.</p>
            <p className="mt-1">
              If a member with portal access matches, a link to choose a new password is on its way to the e-mail address the post has on file. The link works
              once, for 1 hour. Nothing arrived? Check your spam folder, or ask the post's adjutant.
            </p>
          </Outcome>
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Ask for a password reset link">
            <p className="text-lg">
              Enter your membership number or the e-mail address the post has for you. We will e-mail you a link to choose a new password.
            </p>
            <TextField form={form} name="account" label="Membership number or e-mail address" autoComplete="username" required />
            {problem ? <Outcome kind="error">{problem}</Outcome> : null}
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Sending…' : 'Send me a link'}
            </Button>
          </form>
        )}
        <p>
          <Link to="/login" search={{ tab: 'member' }} className="inline-flex min-h-11 items-center text-primary underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      </div>
    </Page>
  );
}

/** /member/reset-password?token=: the page behind the reset link. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const hydrated = useHydrated();
  const reset = trpc.memberAuth.resetPassword.useMutation();
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const form = useForm<z.infer<typeof resetSchema>>({ resolver: zodResolver(resetSchema), defaultValues: { password: '', confirmPassword: '' } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setProblem(undefined);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
    } catch (err) {
      setProblem(serverMessage(err) ?? 'Something went wrong. Please try again.');
    }
  });
  return (
    <Page title="Choose a New Password">
      <div className="max-w-xl space-y-4 rounded-lg border bg-card p-6">
        {!token ? (
          <Outcome kind="error">{mailMessages.linkIncomplete}</Outcome>
        ) : done ? (
          <Outcome kind="done">
            <p className="font-semibold">Your password is changed.</p>
            <p className="mt-1">Every device that was signed in to your account has been signed out. Sign in with your new password.</p>
            <Link to="/login" search={{ tab: 'member' }} className="mt-2 inline-block text-primary underline underline-offset-4">
              Sign in to the member portal
            </Link>
          </Outcome>
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Choose a new password">
            <TextField
              form={form}
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN} characters.`}
              required
            />
            <TextField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required />
            {problem ? (
              <Outcome kind="error">
                {problem}{' '}
                <Link to="/member/forgot-password" className="underline underline-offset-4">
                  Ask for a new link
                </Link>
              </Outcome>
            ) : null}
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Set new password'}
            </Button>
          </form>
        )}
      </div>
    </Page>
  );
}
