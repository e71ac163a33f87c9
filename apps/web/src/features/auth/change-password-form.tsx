import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ChangePasswordInput } from '@post/contracts/admin-auth';
import { accountMessages } from '@post/contracts/messages/account';
import { ChangePasswordFields } from '../../components/form/change-password-fields.tsx';
import { Page } from '../../layout/page.tsx';
import { errorStatus, serverMessage, sessionLapsedMessage, trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { BackLink } from '../../components/back-link.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { useAdminSession } from '../../lib/use-session.ts';

/** Change password (spec §2, §5). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const mustChange = useAdminSession().data?.mustChangePassword === true;
  const change = trpc.adminAuth.changePassword.useMutation();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync(v);
    } catch (err) {
      const status = errorStatus(err);
      const description = status === 429 ? serverMessage(err) : (sessionLapsedMessage(err) ?? accountMessages.passwordChangeFailed.description);
      // One id for the action's toasts: a success replaces the error shown before it.
      toast.error(accountMessages.passwordChangeFailed.title, { id: 'change-password', description });
      if (serverMessage(err) === accountMessages.wrongCurrentPassword)
        form.setError('currentPassword', { message: accountMessages.wrongCurrentPassword }, { shouldFocus: true });
      return;
    }
    toast.success(accountMessages.passwordUpdated, { id: 'change-password' });
    allowLeave();
    // The check said "must change the password": read it again, or the admin pages would keep sending here.
    await utils.adminAuth.check.invalidate();
    await navigate({ to: '/admin' });
  });

  return (
    <Page before={<BackLink to="/admin" />} title="Change Password" intro="Other devices signed in to this account are signed out when the password changes.">
      <AdminTitle text="Change Password" />
      {mustChange ? (
        <p role="alert" className="mb-6 max-w-xl rounded-md border border-warning bg-warning/10 p-4 text-lg">
          You signed in with a temporary password. Please choose your own password to continue: the current password is the temporary one.
        </p>
      ) : null}
      <FormPanel className="max-w-xl!">
        <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Change password">
          <RequiredLegend />
          <ChangePasswordFields form={form} />
          <FormActions saving={form.formState.isSubmitting} saveLabel="Change Password" savingLabel="Changing..." cancel={{ to: '/admin' }} />
        </form>
        <UnsavedChangesDialog blocker={blocker} />
      </FormPanel>
    </Page>
  );
}
