import { toast } from 'sonner';
import { Trash2Icon } from 'lucide-react';
import { serverMessages } from '@post/contracts/messages/server';
import type { StaffAccount } from '@post/contracts/officers';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { BackLink } from '../../components/back-link.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { AdminTable, type Column } from '../../components/admin-table.tsx';
import { useAdminSession } from '../../lib/use-session.ts';
import { usePostFormat } from '../../lib/format.ts';
import { AddAccountDialog, ResetPasswordDialog, useRefresh } from './staff-account-dialogs.tsx';

// /admin/administrators (decision 0031): the post's staff accounts, administrators only.

const roleName = (r: string) => (r === 'administrator' ? 'Administrator' : 'Editor');
const fullName = (u: StaffAccount) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

function statusText(u: StaffAccount): string {
  if (u.disabled) return 'Disabled';
  if (u.invitationPending) return 'Invitation sent';
  if (u.mustChangePassword) return 'Temporary password';
  return 'Active';
}

export function AdministratorsPage() {
  const list = trpc.users.list.useQuery();
  const me = useAdminSession().data?.userId;
  // In the post's time zone, as every time on the site (decisions §1), not the browser's.
  const f = usePostFormat();
  const columns: Column<StaffAccount>[] = [
    { header: 'Username', cell: (u) => <span className="font-semibold">{u.username}</span> },
    { header: 'Name', cell: fullName },
    { header: 'E-mail', cell: (u) => <span className="[overflow-wrap:anywhere]">{u.email ?? '—'}</span> },
    { header: 'Role', cell: (u) => roleName(u.role) },
    { header: 'Two-factor', cell: (u) => (u.twoFactor ? 'On' : 'Off') },
    { header: 'Last sign-in', cell: (u) => (u.lastSignInAt ? f.dateTime(u.lastSignInAt) : 'Never') },
    {
      header: 'Status',
      cell: (u) => <Badge variant={u.disabled ? 'destructive' : u.invitationPending || u.mustChangePassword ? 'secondary' : 'outline'}>{statusText(u)}</Badge>,
    },
  ];
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Administrators"
      intro="The accounts of the post's officers. Administrators can do everything; editors manage the website's content only."
      actions={<AddAccountDialog />}
    >
      <AdminTitle text="Administrators" />
      <AdminTable
        label="Staff accounts"
        columns={columns}
        query={list}
        empty="No accounts yet."
        actions={(u) => (u.id === me ? <span className="text-base text-muted-foreground">This is you</span> : <RowActions user={u} />)}
      />
    </Page>
  );
}

/** Runs a change with a toast either way, then reads the list again. */
async function act(run: () => Promise<unknown>, done: string, refresh: () => Promise<unknown>) {
  try {
    await run();
    toast.success(done);
  } catch (err) {
    toast.error('That did not work', { description: serverMessage(err) ?? serverMessages.internal });
  }
  await refresh();
}

function RowActions({ user }: { user: StaffAccount }) {
  const update = trpc.users.update.useMutation();
  const remove = trpc.users.remove.useMutation();
  const refresh = useRefresh();
  const name = `${fullName(user)} (${user.username})`;
  const otherRole = user.role === 'administrator' ? 'editor' : 'administrator';
  // Five actions: wrapped in two rows beside the table rather than one row off its edge.
  return (
    <div className="flex flex-wrap gap-2 whitespace-normal md:w-72 md:justify-end">
      <ConfirmDialog
        title={`Make ${name} ${otherRole === 'administrator' ? 'an administrator' : 'an editor'}?`}
        description={
          otherRole === 'administrator'
            ? 'Administrators can do everything: the member directory, settings, the newsletter list and these accounts. They are signed out now and sign in again.'
            : 'Editors manage events, news, resources, messages and member content only. They are signed out now and sign in again.'
        }
        confirmLabel={otherRole === 'administrator' ? 'Make administrator' : 'Make editor'}
        onConfirm={() =>
          act(
            () => update.mutateAsync({ id: user.id, role: otherRole }),
            `${name} is now ${otherRole === 'administrator' ? 'an administrator' : 'an editor'}`,
            refresh,
          )
        }
        trigger={
          <Button variant="outline" size="sm" aria-label={`${otherRole === 'administrator' ? 'Make administrator' : 'Make editor'}: ${name}`}>
            {otherRole === 'administrator' ? 'Make administrator' : 'Make editor'}
          </Button>
        }
      />
      {user.disabled ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Enable ${name}`}
          onClick={() => void act(() => update.mutateAsync({ id: user.id, disabled: false }), `${name} is enabled`, refresh)}
        >
          Enable
        </Button>
      ) : (
        <ConfirmDialog
          title={`Disable ${name}?`}
          description="They are signed out at once and cannot sign in until an administrator enables the account again."
          confirmLabel="Disable"
          onConfirm={() => act(() => update.mutateAsync({ id: user.id, disabled: true }), `${name} is disabled`, refresh)}
          trigger={
            <Button variant="outline" size="sm" aria-label={`Disable ${name}`}>
              Disable
            </Button>
          }
        />
      )}
      <ResetPasswordDialog user={user} name={name} />
      {user.twoFactor ? (
        <ConfirmDialog
          title={`Turn off two-factor sign-in for ${name}?`}
          description="For a lost phone: they sign in with their password only, and turn two-factor on again on their account page."
          confirmLabel="Turn off two-factor"
          onConfirm={() => act(() => update.mutateAsync({ id: user.id, resetTwoFactor: true }), `Two-factor sign-in turned off for ${name}`, refresh)}
          trigger={
            <Button variant="outline" size="sm" aria-label={`Turn off two-factor for ${name}`}>
              Turn off two-factor
            </Button>
          }
        />
      ) : null}
      <ConfirmDialog
        title={`Remove ${name}?`}
        description={`${fullName(user)}'s account is removed and signed out. What they wrote stays on the website. This cannot be undone.`}
        confirmLabel="Remove"
        onConfirm={() => act(() => remove.mutateAsync({ id: user.id }), `${name} was removed`, refresh)}
        trigger={
          <Button variant="danger" size="sm" aria-label={`Remove ${name}`}>
            <Trash2Icon aria-hidden="true" />
            Remove
          </Button>
        }
      />
    </div>
  );
}
