import type * as React from 'react';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';

/** A labelled input with its description and error linked for screen readers (TextField binds it to react-hook-form). */
export function PlainTextField({
  label,
  description,
  error,
  required,
  ...rest
}: React.ComponentProps<'input'> & { name: string; label: React.ReactNode; description?: React.ReactNode; error?: string }) {
  return (
    <Field>
      <FieldLabel>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </FieldLabel>
      <FieldControl>
        <Input aria-required={required || undefined} {...rest} />
      </FieldControl>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}
