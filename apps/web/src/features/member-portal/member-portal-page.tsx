import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DownloadIcon, ExternalLinkIcon, KeyRoundIcon, LogOutIcon, PaperclipIcon } from 'lucide-react';
import { ChangePasswordInput } from '@post/contracts/admin-auth';
import { labelOf } from '@post/contracts/enums/label';
import type { SessionMember } from '@post/contracts/member-auth';
import type { MemberCommunication } from '@post/contracts/member-communications';
import type { PortalResource } from '@post/contracts/member-resources';
import { accountMessages } from '@post/contracts/messages/account';
import { commonMessages } from '@post/contracts/messages/common';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { resourceMessages } from '@post/contracts/messages/resources';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@post/ui/components/dialog';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { ChangePasswordFields } from '../../components/form/change-password-fields.tsx';
import { toast } from 'sonner';
import { Badge } from '@post/ui/components/badge';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Skeleton } from '@post/ui/components/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { LoadState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { failureMessage, serverMessage, trpc } from '../../lib/trpc.ts';
import { useSignOut } from '../../lib/use-session.ts';
import { PRIORITY_BADGE } from '../member-communications/labels.ts';
import { CategoryIcon } from '../member-resources/labels.tsx';
import { MailPreference } from './mail-preference.tsx';
import { DuesBanner } from './dues-banner.tsx';
import { MyService } from '../service-hours/my-service.tsx';
import { PortalHonorsDetails } from '../honors/portal-details.tsx';
import { MyBuddyCheckCalls } from '../buddy-check/my-calls.tsx';

/** Which tab the portal shows. */
export type PortalTab = 'communications' | 'resources';

// What a member may read changes with who is signed in: never keep it for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/** The member portal: Communications and Resources tabs and a Sign Out button (spec §2). */
export function MemberPortalPage({ member, tab, onTabChange }: { member: SessionMember; tab: PortalTab; onTabChange: (tab: PortalTab) => void }) {
  const signOut = useSignOut();

  return (
    <Page
      title="Member Portal"
      intro={`Welcome, ${member.firstName}. Here are the communications and resources for members of the post.`}
      actions={
        <div className="flex flex-wrap gap-2">
          <ChangePasswordDialog />
          <Button variant="outline" onClick={() => void signOut.member()} disabled={signOut.pending}>
            <LogOutIcon aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      }
    >
      <>
        <title>Member Portal</title>
        <meta name="robots" content="noindex" />
      </>
      <DuesBanner />
      <PortalHonorsDetails />
      <Tabs value={tab} onValueChange={(v) => onTabChange(v as PortalTab)}>
        <TabsList className="grid! w-full! grid-cols-2 sm:w-96!">
          <TabsTrigger value="communications">Communications</TabsTrigger>
          <TabsTrigger value="resources">Resources</TabsTrigger>
        </TabsList>
        <TabsContent value="communications" className="pt-2">
          <Communications />
        </TabsContent>
        <TabsContent value="resources" className="pt-2">
          <Resources />
        </TabsContent>
      </Tabs>
      <MyBuddyCheckCalls />
      <MyService />
      <MailPreference />
    </Page>
  );
}

/**
 * The member's own Change Password (decisions §2; issue 23 #3): current, new (8+ characters,
 * the portal's rule) and confirmation. The member's other devices are signed out; this one stays.
 */
function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const change = trpc.memberAuth.changePassword.useMutation();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync(v);
    } catch (err) {
      const message = serverMessage(err);
      if (message === accountMessages.wrongCurrentPassword) form.setError('currentPassword', { message }, { shouldFocus: true });
      toast.error(accountMessages.passwordChangeFailed.title, {
        id: 'change-password',
        description: failureMessage(err, accountMessages.passwordChangeFailed.description),
      });
      return;
    }
    toast.success(accountMessages.passwordUpdated, { id: 'change-password' });
    form.reset();
    setOpen(false);
  });
  return (
    <FormDialog open={open} form={form} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRoundIcon aria-hidden="true" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md!">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Other devices signed in to the portal with your number are signed out when it changes.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change your portal password">
          <ChangePasswordFields form={form} />
          <DialogFooter>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}

function CardSkeleton() {
  return (
    <div className="space-y-4">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border p-5">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

function Communications() {
  const query = trpc.memberPortal.communications.useQuery(undefined, PRIVATE);
  return (
    <LoadState
      query={query}
      loadingText={commonMessages.loading}
      skeleton={<CardSkeleton />}
      empty={communicationMessages.noneAvailable}
      isEmpty={(d) => d.length === 0}
    >
      {(items) => (
        <ul className="space-y-4" aria-label="Communications">
          {items.map((c) => (
            <li key={c.id}>
              <CommunicationCard c={c} />
            </li>
          ))}
        </ul>
      )}
    </LoadState>
  );
}

function CommunicationCard({ c }: { c: MemberCommunication }) {
  const fmt = usePostFormat();
  const headingId = `communication-${c.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold text-navy-800">
          {c.title}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Badge variant={PRIORITY_BADGE[c.priority]}>
            {labelOf(c.priority)}
            <span className="sr-only"> priority</span>
          </Badge>
          <Badge variant="outline">{labelOf(c.type)}</Badge>
        </div>
      </div>
      <p className="mt-1 text-base text-muted-foreground">
        <time dateTime={c.publishDate ?? c.createdAt}>{fmt.longDate(c.publishDate ?? c.createdAt)}</time>
      </p>
      <p className="mt-3 text-lg leading-relaxed whitespace-pre-line">{c.content}</p>
      {c.attachmentUrl ? (
        <a
          href={c.attachmentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-navy-700 underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <PaperclipIcon aria-hidden="true" className="size-5" />
          View Attachment
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </article>
  );
}

function Resources() {
  const query = trpc.memberPortal.resources.useQuery(undefined, PRIVATE);
  const utils = trpc.useUtils();
  // The download counts go up on the server; read them again shortly after a click.
  const onAccess = () => setTimeout(() => void utils.memberPortal.resources.invalidate(), 800);
  return (
    <LoadState
      query={query}
      loadingText={commonMessages.loading}
      skeleton={<CardSkeleton />}
      empty={resourceMessages.noneAvailable}
      isEmpty={(d) => d.length === 0}
    >
      {(items) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Resources">
          {items.map((r) => (
            <li key={r.id} className="flex">
              <ResourceCard r={r} onAccess={onAccess} />
            </li>
          ))}
        </ul>
      )}
    </LoadState>
  );
}

function ResourceCard({ r, onAccess }: { r: PortalResource; onAccess: () => void }) {
  const headingId = `resource-${r.id}`;
  // An uploaded file downloads in place; a link opens in a new tab.
  const isFile = r.fileName !== null;
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
          <CategoryIcon category={r.category} className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-snug font-bold text-navy-800">
            {r.title}
          </h2>
          <p className="text-base text-muted-foreground">{labelOf(r.category)}</p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-base">{r.description}</p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {r.fileSize ? (
          <div className="flex gap-1">
            <dt>File size:</dt>
            <dd>{r.fileSize}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Downloads:</dt>
          <dd data-testid="download-count">{r.downloadCount}</dd>
        </div>
      </dl>
      <a
        href={`/api/member/resources/${r.id}/download`}
        {...(isFile ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        onClick={onAccess}
        className={buttonVariants({ className: 'mt-4 self-start' })}
      >
        {isFile ? <DownloadIcon aria-hidden="true" /> : <ExternalLinkIcon aria-hidden="true" />}
        Access
        <span className="sr-only">
          {' '}
          {r.title}
          {isFile ? '' : ' (opens in a new tab)'}
        </span>
      </a>
    </article>
  );
}
