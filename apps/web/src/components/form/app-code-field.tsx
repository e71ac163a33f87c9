import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField } from './text-fields.tsx';

/** The 6-digit code an authenticator app shows (two-factor sign-in, decision 0032), bound to react-hook-form. */
export function AppCodeField<T extends FieldValues>({ form, name }: { form: UseFormReturn<T>; name: FieldPath<T> }) {
  return (
    <TextField form={form} name={name} label="Code from your app" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]*" maxLength={6} required />
  );
}
