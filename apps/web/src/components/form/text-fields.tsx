import type * as React from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Textarea } from '@post/ui/components/textarea';
import { FieldFrame, PlainTextField } from './plain-field.tsx';

interface TextFieldProps<T extends FieldValues> extends Omit<React.ComponentProps<'input'>, 'form' | 'name'> {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
}

/** A labelled input bound to react-hook-form, with its error linked for screen readers. */
export function TextField<T extends FieldValues>({ form, name, ...rest }: TextFieldProps<T>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return <PlainTextField {...rest} {...form.register(name)} error={error} />;
}

interface TextAreaFieldProps<T extends FieldValues> extends Omit<React.ComponentProps<'textarea'>, 'form' | 'name'> {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
}

/** A labelled textarea bound to react-hook-form. */
export function TextAreaField<T extends FieldValues>({ form, name, label, description, required, ...rest }: TextAreaFieldProps<T>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <FieldFrame label={label} description={description} error={error} required={required}>
      <Textarea aria-required={required || undefined} {...rest} {...form.register(name)} />
    </FieldFrame>
  );
}
