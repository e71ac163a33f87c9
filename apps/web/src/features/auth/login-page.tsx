import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@post/ui/components/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { safeReturnTo } from '../../lib/return-to.ts';
import { AdminLoginForm, MemberLoginForm } from './login-forms.tsx';

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
              {signInMessages.sessionExpired}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(v) => (onTabChange ?? setOwnTab)(v as LoginTab)}>
            <TabsList className="grid! w-full! grid-cols-2">
              <TabsTrigger value="admin">Administration</TabsTrigger>
              <TabsTrigger value="member">Member Portal</TabsTrigger>
            </TabsList>
            <TabsContent value="admin" className="pt-4">
              <AdminLoginForm returnTo={safeReturnTo(returnTo)} focus={lapsed} />
            </TabsContent>
            <TabsContent value="member" className="pt-4">
              <MemberLoginForm />
              <p className="mt-4 text-center">
                <Link to="/member/forgot-password" className="inline-flex min-h-11 items-center px-1 text-primary underline underline-offset-4">
                  Forgot your password?
                </Link>
              </p>
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
  const [question, who] = signInMessages.loginHelp.split('? ');
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
