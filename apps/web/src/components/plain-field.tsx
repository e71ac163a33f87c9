import type * as React from 'react';
import { Field, FieldControl, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';

/** A labelled input of a `usePlainForm` form, with its error linked for screen readers (like TextField). */
export function PlainTextField({ label, error, required, ...rest }: React.ComponentProps<'input'> & { name: string; label: React.ReactNode; error?: string }) {
  return (
    <Field>
      <FieldLabel>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </FieldLabel>
      <FieldControl>
        <Input aria-required={required || undefined} {...rest} />
      </FieldControl>
      <FieldError>{error}</FieldError>
    </Field>
  );
}
