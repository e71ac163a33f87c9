import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { LoginInput } from '@post/contracts/admin-auth';
import { MemberLoginInput } from '@post/contracts/member-auth';
import { T } from '@post/contracts/messages';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form-fields.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useRefreshSessions } from './use-session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

// The two sign-in forms, react-hook-form over the contracts' schemas like every other form.
// The login page loads this module (and zod with it) on its own, after the page itself.

function failureText(err: unknown, fallback: string): string {
  return errorStatus(err) === 429 ? (err as Error).message : fallback;
}

/** An administrator's sign-in: a full page load afterwards, to `returnTo` or the dashboard (spec §2). */
export function AdminLoginForm({ returnTo, focus }: { returnTo?: string; focus?: boolean }) {
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginInput), defaultValues: { username: '', password: '' } });
  useEffect(() => {
    if (focus) form.setFocus('username');
  }, [focus, form]);
  const login = trpc.adminAuth.login.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      // A full page load, as the spec says, so the admin area starts from a clean state: the
      // dashboard, or the page whose session had lapsed (its form's draft comes back there).
      // A toast raised here would die with this page: ?signedIn=1 asks the page loaded next to
      // say "Login successful" (issue 23 #10; the admin guard reads it).
      const next = new URL(returnTo ?? '/admin', window.location.origin);
      next.searchParams.set('signedIn', '1');
      window.location.assign(next.pathname + next.search + next.hash);
    } catch (err) {
      toast.error(T.adminLoginFailed.title, { description: failureText(err, T.adminLoginFailed.description) });
    }
  });
  const busy = form.formState.isSubmitting;
  // Disabled in the server's markup until hydrated: a tap before then never posts the form natively.
  const hydrated = useHydrated();
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

/** A member's sign-in: on to the member portal. */
export function MemberLoginForm() {
  const navigate = useNavigate();
  const refresh = useRefreshSessions();
  const form = useForm<MemberLoginInput>({ resolver: zodResolver(MemberLoginInput), defaultValues: { membershipNumber: '', password: '' } });
  const login = trpc.memberAuth.login.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      toast.success(T.memberLoginSuccess.title, { description: T.memberLoginSuccess.description });
      await refresh();
      await navigate({ to: '/member' });
    } catch (err) {
      toast.error(T.memberLoginFailed.title, { description: failureText(err, T.memberLoginFailed.description) });
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
