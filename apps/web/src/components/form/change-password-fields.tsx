import type { UseFormReturn } from 'react-hook-form';
import type { ChangePasswordInput } from '@post/contracts/admin-auth';
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
      <TextField
        form={form}
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        description={`At least ${PASSWORD_MIN} characters; a longer phrase is safer.`}
      />
      <TextField form={form} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" required />
    </>
  );
}
