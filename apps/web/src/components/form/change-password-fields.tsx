import type { UseFormReturn } from 'react-hook-form';
import type { ChangePasswordInput } from '@post/contracts/admin-auth';
import type { AcceptInvitationInput } from '@post/contracts/officers';
import { PASSWORD_MIN } from '@post/contracts/limits';
import { TextField } from './text-fields.tsx';

/**
 * Current, new and confirmed password: the fields of both Change Password forms (the
 * administrator's page, spec §2, and the member portal's dialog, decisions §2), with the one
 * password rule as the new password's hint (decision 0061).
 */
export function ChangePasswordFields({ form }: { form: UseFormReturn<ChangePasswordInput> }) {
  return (
    <>
      <TextField form={form} name="currentPassword" label="Current Password" type="password" autoComplete="current-password" required />
      <NewPasswordFields form={form} />
    </>
  );
}

/** New and confirmed password with the one password rule as the hint: also the invitation page's form, where there is no current password. */
export function NewPasswordFields({ form }: { form: UseFormReturn<ChangePasswordInput> | UseFormReturn<AcceptInvitationInput> }) {
  // Both forms name these two fields alike; TextField checks the names against one form type.
  const f = form as unknown as UseFormReturn<Pick<ChangePasswordInput, 'newPassword' | 'confirmPassword'>>;
  return (
    <>
      <TextField
        form={f}
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        description={`At least ${PASSWORD_MIN} characters; a longer phrase is safer.`}
      />
      <TextField form={f} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" required />
    </>
  );
}
