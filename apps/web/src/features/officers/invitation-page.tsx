import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AcceptInvitationInput } from '@post/contracts/officers';
import { accountMessages } from '@post/contracts/messages/account';
import { commonMessages } from '@post/contracts/messages/common';
import { serverMessages } from '@post/contracts/messages/server';
import { Button } from '@post/ui/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@post/ui/components/card';
import { NewPasswordFields } from '../../components/form/change-password-fields.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';

/** /admin/invitation?token=: the invited (or reset) person chooses their password, once. */
export function InvitationPage({ token }: { token?: string }) {
  const info = trpc.users.invitation.useQuery({ token: token ?? '' }, { enabled: Boolean(token), retry: false });
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <title>Set your password</title>
      <meta name="robots" content="noindex" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Set your password</h1>
          </CardTitle>
          {info.data && !done ? (
            <CardDescription>
              {info.data.firstName ? `Welcome, ${info.data.firstName}. ` : ''}Your username is <strong>{info.data.username}</strong>.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {done ? (
            <div role="status" className="space-y-4 text-lg">
              <p>Your password is set. You can now sign in as {done}.</p>
              <Link to="/admin/login" className="font-medium text-navy-700 underline">
                Go to Sign In
              </Link>
            </div>
          ) : !token || info.isError ? (
            <p role="alert" className="text-lg">
              {accountMessages.invitationInvalid}
            </p>
          ) : info.isPending ? (
            <p role="status" className="text-lg">
              {commonMessages.loading}
            </p>
          ) : (
            <SetPasswordForm token={token} onDone={setDone} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SetPasswordForm({ token, onDone }: { token: string; onDone: (username: string) => void }) {
  const accept = trpc.users.acceptInvitation.useMutation();
  const form = useForm<AcceptInvitationInput>({ resolver: zodResolver(AcceptInvitationInput), defaultValues: { token, newPassword: '', confirmPassword: '' } });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const res = await accept.mutateAsync(v);
      onDone(res.username);
    } catch (err) {
      toast.error('Your password was not set', { description: serverMessage(err) ?? serverMessages.internal });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Set your password">
      <NewPasswordFields form={form} />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Set Password'}
      </Button>
    </form>
  );
}
