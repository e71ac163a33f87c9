import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../lib/toast.ts';
import type { LoginInput } from '@post/contracts/admin-auth';
import type { MemberLoginInput } from '@post/contracts/member-auth';
import { usePlainForm } from '../../lib/use-plain-form.ts';
import { T, TEXT } from '@post/contracts/messages';
import { Button } from '@post/ui/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@post/ui/components/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { PlainTextField } from '../../components/plain-field.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { useRefreshSessions } from './use-session.ts';
import { useSiteSettings } from '../site-settings/use-site-settings.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { safeReturnTo } from '../../lib/return-to.ts';

/** Which tab the Login page opens on. */
export type LoginTab = 'admin' | 'member';

/**
 * The Login page: Administration and Member Portal tabs (spec §2). An administrator's sign-in
 * loads `returnTo` (the page the admin guard was protecting, or /admin/login's ?returnTo=) when
 * given, else /admin. `lapsed`: shown in place of a page whose session has just expired, so it
 * says so, and brings itself into view with the focus on Username.
 */
export function LoginPage({
  tab: shownTab = 'admin',
  onTabChange,
  returnTo,
  lapsed = false,
}: {
  tab?: LoginTab;
  onTabChange?: (tab: LoginTab) => void;
  returnTo?: string;
  lapsed?: boolean;
}) {
  const settings = useSiteSettings();
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The page it replaces may have been scrolled far down (to its Save button).
    if (lapsed) top.current?.scrollIntoView({ block: 'start' });
  }, [lapsed]);
  // Without a parent keeping the tab (the login page the admin guard shows in place), keep it here.
  const [ownTab, setOwnTab] = useState<LoginTab>(shownTab);
  const tab = onTabChange ? shownTab : ownTab;
  return (
    <div ref={top} className="mx-auto w-full max-w-md scroll-mt-24 px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Sign In</h1>
          </CardTitle>
          <CardDescription>{settings.data?.postName ?? 'Veterans Post'}: administration and member portal</CardDescription>
        </CardHeader>
        <CardContent>
          {lapsed ? (
            <p role="alert" className="mb-4 rounded-md border border-warning bg-warning/10 p-3 text-base">
              {T.sessionExpired}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(v) => (onTabChange ?? setOwnTab)(v as LoginTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="admin">Administration</TabsTrigger>
              <TabsTrigger value="member">Member Portal</TabsTrigger>
            </TabsList>
            <TabsContent value="admin" className="pt-4">
              <AdminLoginForm returnTo={safeReturnTo(returnTo)} focus={lapsed} />
            </TabsContent>
            <TabsContent value="member" className="pt-4">
              <MemberLoginForm />
            </TabsContent>
          </Tabs>
          <LoginHelp phone={settings.data?.phone} email={settings.data?.email} />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * "Need help accessing your account? Contact Post Leadership", with the post's phone and e-mail
 * from the settings as links (issue 23 #12); plain text only when neither is set.
 */
function LoginHelp({ phone, email }: { phone?: string; email?: string }) {
  const [question, who] = TEXT.loginHelp.split('? ');
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      {question}? {who}
      {phone || email ? ': ' : null}
      {phone ? (
        <a className="font-medium text-navy-800 underline underline-offset-4" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {phone}
        </a>
      ) : null}
      {phone && email ? ' or ' : null}
      {email ? (
        <a className="font-medium text-navy-800 underline underline-offset-4" href={`mailto:${email}`}>
          {email}
        </a>
      ) : null}
    </p>
  );
}

function failureText(err: unknown, fallback: string): string {
  return errorStatus(err) === 429 ? (err as Error).message : fallback;
}

function AdminLoginForm({ returnTo, focus }: { returnTo?: string; focus?: boolean }) {
  const form = usePlainForm<LoginInput>(['username', 'password'], () => import('@post/contracts/admin-auth').then((m) => m.LoginInput));
  const username = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) username.current?.focus();
  }, [focus]);
  const login = trpc.adminAuth.login.useMutation();
  const hydrated = useHydrated();
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
  return (
    <form {...form.formProps} onSubmit={onSubmit} className="space-y-4" aria-label="Administrator sign in">
      <PlainTextField ref={username} name="username" label="Username" autoComplete="username" required error={form.errors.username} />
      <PlainTextField name="password" label="Password" type="password" autoComplete="current-password" required error={form.errors.password} />
      <Button type="submit" className="w-full" disabled={!hydrated || form.isSubmitting}>
        {form.isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function MemberLoginForm() {
  const navigate = useNavigate();
  const refresh = useRefreshSessions();
  const form = usePlainForm<MemberLoginInput>(['membershipNumber', 'password'], () => import('@post/contracts/member-auth').then((m) => m.MemberLoginInput));
  const login = trpc.memberAuth.login.useMutation();
  const hydrated = useHydrated();
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
  return (
    <form {...form.formProps} onSubmit={onSubmit} className="space-y-4" aria-label="Member sign in">
      <PlainTextField name="membershipNumber" label="Membership Number" autoComplete="username" required error={form.errors.membershipNumber} />
      <PlainTextField name="password" label="Password" type="password" autoComplete="current-password" required error={form.errors.password} />
      <Button type="submit" className="w-full" disabled={!hydrated || form.isSubmitting}>
        {form.isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
