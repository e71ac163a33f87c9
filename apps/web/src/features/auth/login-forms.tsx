import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { LoginInput } from '@post/contracts/admin-auth';
import { MemberLoginInput } from '@post/contracts/member-auth';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { TwoFactorCodeInput } from '@post/contracts/officers';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useRefreshSessions } from '../../lib/use-session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

// The two sign-in forms, react-hook-form over the contracts' schemas like every other form.
// The login page loads this module (and zod with it) on its own, after the page itself.

function failureText(err: unknown, fallback: string): string {
  // Too many attempts, or a disabled account: the server's own sentence says what to do.
  return errorStatus(err) === 429 || errorStatus(err) === 403 ? (err as Error).message : fallback;
}

/** An administrator's sign-in: a full page load afterwards, to `returnTo` or the dashboard (spec §2). */
export function AdminLoginForm({ returnTo, focus }: { returnTo?: string; focus?: boolean }) {
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginInput), defaultValues: { username: '', password: '' } });
  useEffect(() => {
    if (focus) form.setFocus('username');
  }, [focus, form]);
  const login = trpc.adminAuth.login.useMutation();
  // Password right for an account with two-factor: the code step follows (decision 0032).
  const [codeStep, setCodeStep] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (answer.twoFactorRequired) {
        toast.dismiss('admin-sign-in');
        setCodeStep(true);
        return;
      }
      signedInGoTo(returnTo);
    } catch (err) {
      // One id for the action's toasts: the next try's outcome replaces this one.
      toast.error(signInMessages.adminLoginFailed.title, { id: 'admin-sign-in', description: failureText(err, signInMessages.adminLoginFailed.description) });
    }
  });
  const busy = form.formState.isSubmitting;
  // Disabled in the server's markup until hydrated: a tap before then never posts the form natively.
  const hydrated = useHydrated();
  if (codeStep) return <TwoFactorForm returnTo={returnTo} onRestart={() => setCodeStep(false)} />;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Administrator sign in">
      <TextField form={form} name="username" label="Username" autoComplete="username" required />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={!hydrated || busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** After signing in: a full page load to `returnTo` or the dashboard. */
function signedInGoTo(returnTo: string | undefined) {
  // A full page load, as the spec says, so the admin area starts from a clean state: the
  // dashboard, or the page whose session had lapsed (its form's draft comes back there).
  // A toast raised here would die with this page: ?signedIn=1 asks the page loaded next to
  // say "Login successful" (issue 23 #10; the admin guard reads it).
  const next = new URL(returnTo ?? '/admin', window.location.origin);
  next.searchParams.set('signedIn', '1');
  window.location.assign(next.pathname + next.search + next.hash);
}

/** The second step of a sign-in with two-factor: one field for the app's code, or a recovery code. */
function TwoFactorForm({ returnTo, onRestart }: { returnTo?: string; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } });
  const verify = trpc.adminAuth.loginTwoFactor.useMutation();
  useEffect(() => {
    form.setFocus('code');
  }, [form, recovery]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      signedInGoTo(returnTo);
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
        <TextField
          key="totp"
          form={form}
          name="code"
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="h-auto w-full px-0"
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

/** A member's sign-in: on to the member portal. */
export function MemberLoginForm() {
  const navigate = useNavigate();
  const refresh = useRefreshSessions();
  const form = useForm<MemberLoginInput>({ resolver: zodResolver(MemberLoginInput), defaultValues: { membershipNumber: '', password: '' } });
  const login = trpc.memberAuth.login.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      toast.success(signInMessages.memberLoginSuccess.title, { id: 'member-sign-in', description: signInMessages.memberLoginSuccess.description });
      await refresh();
      await navigate({ to: '/member' });
    } catch (err) {
      toast.error(signInMessages.memberLoginFailed.title, {
        id: 'member-sign-in',
        description: failureText(err, signInMessages.memberLoginFailed.description),
      });
    }
  });
  const busy = form.formState.isSubmitting;
  // Disabled in the server's markup until hydrated: a tap before then never posts the form natively.
  const hydrated = useHydrated();
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Member sign in">
      <TextField form={form} name="membershipNumber" label="Membership Number" autoComplete="username" required />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={!hydrated || busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
