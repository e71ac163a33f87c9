import type { UseFormReturn } from 'react-hook-form';
import type { ChangePasswordInput } from '@post/contracts/admin-auth';
import { TextField } from './form-fields.tsx';

/**
 * Current, new and confirmed password: the fields of both Change Password forms (the
 * administrator's page, spec §2, and the member portal's dialog, decisions §2). `minLength`
 * is the rule of the account kind, shown as the new password's hint.
 */
export function ChangePasswordFields({ form, minLength }: { form: UseFormReturn<ChangePasswordInput>; minLength: number }) {
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
        description={`At least ${minLength} characters; a longer phrase is safer.`}
      />
      <TextField form={form} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" required />
    </>
  );
}
