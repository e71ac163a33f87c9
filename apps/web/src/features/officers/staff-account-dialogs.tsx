import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { PASSWORD_MIN } from '@post/contracts/limits';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { CreateStaffInput, type StaffAccount } from '@post/contracts/officers';
import { Button } from '@post/ui/components/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@post/ui/components/dialog';
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog.tsx';
import { TextField } from '../../components/form/text-fields.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { MAIL_WAITS_STAFF, useMailConfigured } from '../../components/mail-status.tsx';

// The add and reset dialogs of /admin/administrators (decision 0031).

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Editor: events, news, resources, messages and member content' },
  { value: 'administrator', label: 'Administrator: everything, including members, settings and accounts' },
] as const;

/** Reads the staff list again after a change. */
export function useRefresh() {
  const utils = trpc.useUtils();
  return () => utils.users.list.invalidate();
}

const PasswordChoice = z.object({
  method: z.enum(['invite', 'temporary']),
  temporaryPassword: z.string().max(200, formMessages.tooLong(200)),
});
const refineTemporary = <T extends z.infer<typeof PasswordChoice>>(v: T, ctx: z.RefinementCtx) => {
  if (v.method === 'temporary' && v.temporaryPassword.length < PASSWORD_MIN)
    ctx.addIssue({ code: 'custom', path: ['temporaryPassword'], message: accountMessages.passwordMin });
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

/** Adds an account: an invitation by e-mail or a temporary password. */
export function AddAccountDialog() {
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
      const message = serverMessage(err) ?? serverMessages.internal;
      if (message === accountMessages.usernameTaken) form.setError('username', { message }, { shouldFocus: true });
      else if (message === accountMessages.staffEmailTaken) form.setError('email', { message }, { shouldFocus: true });
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
      <DialogContent>
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
          <FormDialogActions saving={form.formState.isSubmitting} saveLabel="Add account" savingLabel="Adding..." />
        </form>
      </DialogContent>
    </FormDialog>
  );
}

const ResetForm = PasswordChoice.superRefine(refineTemporary);
type ResetForm = z.infer<typeof ResetForm>;

/** Resets an account's password: a new invitation or a temporary password. */
export function ResetPasswordDialog({ user, name }: { user: StaffAccount; name: string }) {
  const [open, setOpen] = useState(false);
  const mailConfigured = useMailConfigured();
  const reset = trpc.users.resetPassword.useMutation();
  const refresh = useRefresh();
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { method: user.email ? 'invite' : 'temporary', temporaryPassword: '' } });
  const onSubmit = form.handleSubmit(async ({ method, temporaryPassword }) => {
    try {
      await reset.mutateAsync({ id: user.id, ...(method === 'temporary' ? { temporaryPassword } : {}) });
    } catch (err) {
      toast.error('The password was not reset', { description: serverMessage(err) ?? serverMessages.internal });
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
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset the password of {name}</DialogTitle>
          <DialogDescription>Their current password stops working and they are signed out at once.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset password">
          <MethodChoice form={form} legend="How they get a new password" />
          <FormDialogActions saving={form.formState.isSubmitting} saveLabel="Reset password" savingLabel="Reset password" />
        </form>
      </DialogContent>
    </FormDialog>
  );
}
