import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { KeyRoundIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { E, PASSWORD_MIN, V } from '@post/contracts/messages';
import { CreateStaffInput, type StaffAccount } from '@post/contracts/officers';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@post/ui/components/dialog';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { BackLink } from '../../components/back-link.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { AdminTable, type Column } from '../../components/admin-table.tsx';
import { useAdminSession } from '../../lib/use-session.ts';
import { SE } from '@post/contracts/staff-messages';
import { usePostFormat } from '../../lib/format.ts';
import { MAIL_WAITS_STAFF, useMailConfigured } from '../../components/mail-status.tsx';

// /admin/administrators (decision 0031): the post's staff accounts, administrators only.

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Editor: events, news, resources, messages and member content' },
  { value: 'administrator', label: 'Administrator: everything, including members, settings and accounts' },
] as const;

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

function useRefresh() {
  const utils = trpc.useUtils();
  return () => utils.users.list.invalidate();
}

/** Runs a change with a toast either way, then reads the list again. */
async function act(run: () => Promise<unknown>, done: string, refresh: () => Promise<unknown>) {
  try {
    await run();
    toast.success(done);
  } catch (err) {
    toast.error('That did not work', { description: serverMessage(err) ?? E.internal });
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
          <Button variant="outline" size="sm" aria-label={`Remove ${name}`} className="text-flag-red-700 hover:text-flag-red-800">
            <Trash2Icon aria-hidden="true" />
            Remove
          </Button>
        }
      />
    </div>
  );
}

const PasswordChoice = z.object({
  method: z.enum(['invite', 'temporary']),
  temporaryPassword: z.string().max(200, V.tooLong(200)),
});
const refineTemporary = <T extends z.infer<typeof PasswordChoice>>(v: T, ctx: z.RefinementCtx) => {
  if (v.method === 'temporary' && v.temporaryPassword.length < PASSWORD_MIN)
    ctx.addIssue({ code: 'custom', path: ['temporaryPassword'], message: V.passwordMin });
};

const AddForm = CreateStaffInput.omit({ temporaryPassword: true }).extend(PasswordChoice.shape).superRefine(refineTemporary);
type AddForm = z.infer<typeof AddForm>;

function MethodChoice({ form, legend }: { form: ReturnType<typeof useForm<AddForm>> | ReturnType<typeof useForm<ResetForm>>; legend: string }) {
  const f = form as unknown as ReturnType<typeof useForm<z.infer<typeof PasswordChoice>>>;
  const method = f.watch('method');
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-base font-semibold">{legend}</legend>
      <label className="flex items-start gap-2 text-base">
        <input type="radio" value="invite" className="mt-1 size-4" {...f.register('method')} />
        <span>Send invitation: an e-mail with a link to choose a password (works once, for 72 hours)</span>
      </label>
      <label className="flex items-start gap-2 text-base">
        <input type="radio" value="temporary" className="mt-1 size-4" {...f.register('method')} />
        <span>Set a temporary password: tell it to them yourself; they must change it when they first sign in</span>
      </label>
      {method === 'temporary' ? (
        <TextField form={f} name="temporaryPassword" label="Temporary password" type="text" autoComplete="off" spellCheck={false} required />
      ) : null}
    </fieldset>
  );
}

function AddAccountDialog() {
  const [open, setOpen] = useState(false);
  const mailConfigured = useMailConfigured();
  const create = trpc.users.create.useMutation();
  const refresh = useRefresh();
  const form = useForm<AddForm>({
    resolver: zodResolver(AddForm),
    defaultValues: { username: '', firstName: '', lastName: '', email: '', role: 'editor', method: 'invite', temporaryPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ method, temporaryPassword, ...fields }) => {
    try {
      await create.mutateAsync({ ...fields, ...(method === 'temporary' ? { temporaryPassword } : {}) });
    } catch (err) {
      const message = serverMessage(err) ?? E.internal;
      if (message === E.usernameTaken) form.setError('username', { message }, { shouldFocus: true });
      else if (message === SE.staffEmailTaken) form.setError('email', { message }, { shouldFocus: true });
      else toast.error('The account was not added', { description: message });
      return;
    }
    if (method !== 'invite') toast.success(`Account ${fields.username} added`);
    else if (mailConfigured === false) toast.success(`Invitation to ${fields.email} queued`, { description: MAIL_WAITS_STAFF });
    else toast.success(`Invitation sent to ${fields.email}`);
    form.reset();
    setOpen(false);
    await refresh();
  });
  return (
    <FormDialog open={open} form={form} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Add an account
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add an account</DialogTitle>
          <DialogDescription>For an officer who helps run the website.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add an account">
          <TextField form={form} name="username" label="Username" autoComplete="off" spellCheck={false} required maxLength={100} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="firstName" label="First name" required maxLength={100} />
            <TextField form={form} name="lastName" label="Last name" required maxLength={100} />
          </div>
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" required maxLength={255} />
          <SelectField form={form} name="role" label="Role" options={ROLE_OPTIONS} required />
          <MethodChoice form={form} legend="How they get their password" />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Adding...' : 'Add account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}

const ResetForm = PasswordChoice.superRefine(refineTemporary);
type ResetForm = z.infer<typeof ResetForm>;

function ResetPasswordDialog({ user, name }: { user: StaffAccount; name: string }) {
  const [open, setOpen] = useState(false);
  const mailConfigured = useMailConfigured();
  const reset = trpc.users.resetPassword.useMutation();
  const refresh = useRefresh();
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { method: user.email ? 'invite' : 'temporary', temporaryPassword: '' } });
  const onSubmit = form.handleSubmit(async ({ method, temporaryPassword }) => {
    try {
      await reset.mutateAsync({ id: user.id, ...(method === 'temporary' ? { temporaryPassword } : {}) });
    } catch (err) {
      toast.error('The password was not reset', { description: serverMessage(err) ?? E.internal });
      return;
    }
    if (method !== 'invite') toast.success(`${name} has a temporary password`);
    else if (mailConfigured === false) toast.success(`A link to set a new password for ${user.email} is queued`, { description: MAIL_WAITS_STAFF });
    else toast.success(`A link to set a new password was sent to ${user.email}`);
    form.reset();
    setOpen(false);
    await refresh();
  });
  return (
    <FormDialog open={open} form={form} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Reset password of ${name}`}>
          <KeyRoundIcon aria-hidden="true" />
          Reset password
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Reset the password of {name}</DialogTitle>
          <DialogDescription>Their current password stops working and they are signed out at once.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset password">
          <MethodChoice form={form} legend="How they get a new password" />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Reset password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
