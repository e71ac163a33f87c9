import type * as React from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { cn } from '@post/ui/lib/utils';
import { RequiredMark } from './required-mark.tsx';

/** Native select styled like the inputs: the phone's own picker, full keyboard support. */
export const selectClass = cn(
  'flex h-11 min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 disabled:cursor-not-allowed disabled:opacity-50',
);

/** A labelled native select bound to react-hook-form. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  options,
  description,
  required,
  ...rest
}: Omit<React.ComponentProps<'select'>, 'form' | 'name'> & {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  options: readonly { value: string; label: string }[];
  description?: React.ReactNode;
}) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field>
      <FieldLabel>
        {label}
        {required ? <RequiredMark /> : null}
      </FieldLabel>
      <FieldControl>
        <select className={selectClass} aria-required={required || undefined} {...rest} {...form.register(name)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FieldControl>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}
