import type * as React from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { RequiredMark } from './required-mark.tsx';
import { selectClass } from './select-class.ts';

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
