import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ZodType } from 'zod';
import type { LoginInput } from '@post/contracts/admin-auth';
import type { MemberLoginInput } from '@post/contracts/member-auth';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { Button } from '@post/ui/components/button';
import { usePlainForm } from '../../components/form/plain-form.ts';
import { PlainTextField } from '../../components/form/plain-field.tsx';
import { loadToast } from '../../lib/load-toast.ts';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useRefreshSessions } from '../../lib/use-session.ts';
import { safeReturnTo, sameOriginUrl } from '../../lib/return-to.ts';

// The two sign-in forms come with the page and work as soon as it is hydrated: plain fields
// read on submit, checked by the contracts' schemas, which (with zod) load when the form is
// first touched, not with the page (decision 0077).
const adminSchema = () => import('@post/contracts/admin-auth').then((m): ZodType<LoginInput> => m.LoginInput);
const memberSchema = () => import('@post/contracts/member-auth').then((m): ZodType<MemberLoginInput> => m.MemberLoginInput);
const TwoFactorForm = lazy(() => import('./two-factor-form.tsx').then((m) => ({ default: m.TwoFactorForm })));

/** Both forms end alike: the password, and Sign In (disabled until the page runs, and while sending). */
function PasswordAndSignIn({ form }: { form: { errors: { password?: string }; hydrated: boolean; busy: boolean } }) {
  return (
    <>
      <PlainTextField name="password" label="Password" type="password" autoComplete="current-password" error={form.errors.password} required />
      <Button type="submit" className="w-full" disabled={!form.hydrated || form.busy}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </>
  );
}

/** A failed sign-in's toast (one id per form: the next try's outcome replaces it); false: the form stays. */
async function signInFailed(id: string, message: { title: string; description: string }, err: unknown): Promise<false> {
  // Too many attempts, or a disabled account: the server's own sentence says what to do.
  const description = errorStatus(err) === 429 || errorStatus(err) === 403 ? (err as Error).message : message.description;
  (await loadToast()).error(message.title, { id, description });
  return false;
}

/** An administrator's sign-in: a full page load afterwards, to `returnTo` or the dashboard (spec §2). */
export function AdminLoginForm({ returnTo, focus }: { returnTo?: string; focus?: boolean }) {
  const username = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) username.current?.focus();
  }, [focus]);
  const form = usePlainForm(adminSchema);
  const login = trpc.adminAuth.login.useMutation();
  // Password right for an account with two-factor: the code step follows (decision 0032).
  const [codeStep, setCodeStep] = useState(false);
  if (codeStep) {
    return (
      <Suspense fallback={<p aria-busy="true">Loading the code step...</p>}>
        <TwoFactorForm onSignedIn={() => signedInGoTo(returnTo)} onRestart={() => setCodeStep(false)} />
      </Suspense>
    );
  }
  return (
    <form
      {...form.formProps}
      className="space-y-4"
      onSubmit={(e) =>
        form.submit(e, async (values) => {
          try {
            const answer = await login.mutateAsync(values);
            if (answer.twoFactorRequired) {
              (await loadToast()).dismiss('admin-sign-in');
              setCodeStep(true);
              return false;
            }
            signedInGoTo(returnTo);
            return true;
          } catch (err) {
            return signInFailed('admin-sign-in', signInMessages.adminLoginFailed, err);
          }
        })
      }
      aria-label="Administrator sign in"
    >
      <PlainTextField ref={username} name="username" label="Username" autoComplete="username" error={form.errors.username} required />
      <PasswordAndSignIn form={form} />
    </form>
  );
}

/** After signing in: a full page load to `returnTo` or the dashboard. */
function signedInGoTo(returnTo: string | undefined) {
  // A full page load, as the spec says, so the admin area starts from a clean state: the
  // dashboard, or the page whose session had lapsed (its form's draft comes back there).
  // A toast raised here would die with this page: ?signedIn=1 asks the page loaded next to
  // say "Login successful" (issue 23 #10; the admin guard reads it).
  // The full address, checked once more against this origin: a path alone can be read as another host (decision 0081).
  const here = window.location.origin;
  const wanted = safeReturnTo(returnTo);
  const next = (wanted && sameOriginUrl(wanted, here)) || new URL('/admin', here);
  next.searchParams.set('signedIn', '1');
  window.location.assign(next.href);
}

/** A member's sign-in: on to the member portal. */
export function MemberLoginForm() {
  const navigate = useNavigate();
  const refresh = useRefreshSessions();
  const form = usePlainForm(memberSchema);
  const login = trpc.memberAuth.login.useMutation();
  return (
    <form
      {...form.formProps}
      className="space-y-4"
      onSubmit={(e) =>
        form.submit(e, async (values) => {
          try {
            await login.mutateAsync(values);
            (await loadToast()).success(signInMessages.memberLoginSuccess.title, {
              id: 'member-sign-in',
              description: signInMessages.memberLoginSuccess.description,
            });
            await refresh();
            await navigate({ to: '/member' });
            return true;
          } catch (err) {
            return signInFailed('member-sign-in', signInMessages.memberLoginFailed, err);
          }
        })
      }
      aria-label="Member sign in"
    >
      <PlainTextField name="membershipNumber" label="Membership Number" autoComplete="username" error={form.errors.membershipNumber} required />
      <PasswordAndSignIn form={form} />
    </form>
  );
}
