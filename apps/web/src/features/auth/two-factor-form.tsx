import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { TwoFactorCodeInput } from '@post/contracts/officers';
import { Button } from '@post/ui/components/button';
import { AppCodeField } from '../../components/form/app-code-field.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';

/**
 * The second step of a sign-in with two-factor (decision 0032): one field for the app's code,
 * or a recovery code. It exists only after the password was right, so it loads then, with
 * react-hook-form like every form that is not on a page's first screen (decision 0077).
 */
export function TwoFactorForm({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } });
  const verify = trpc.adminAuth.loginTwoFactor.useMutation();
  useEffect(() => {
    form.setFocus('code');
  }, [form, recovery]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      onSignedIn();
    } catch (err) {
      const message = errorStatus(err) === 401 || errorStatus(err) === 429 ? (err as Error).message : signInMessages.adminLoginFailed.description;
      form.setError('code', { message }, { shouldFocus: true });
      if (message === signInMessages.twoFactorSignInExpired) onRestart();
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Two-factor sign in">
      <p className="text-base">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </p>
      {recovery ? (
        <TextField key="recovery" form={form} name="code" label="Recovery code" autoComplete="off" autoCapitalize="characters" spellCheck={false} required />
      ) : (
        <AppCodeField key="totp" form={form} name="code" />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        size={null}
        className="min-h-11 w-full gap-2 py-2 text-base"
        onClick={() => {
          form.reset({ code: '' });
          setRecovery((r) => !r);
        }}
      >
        {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
