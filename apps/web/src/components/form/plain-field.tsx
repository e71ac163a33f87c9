import type * as React from 'react';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';

interface FrameProps {
  label: React.ReactNode;
  description?: React.ReactNode;
  error?: string;
  required?: boolean;
}

/** The frame of every labelled form control: label (with its required mark), control, description and error, linked for screen readers. */
export function FieldFrame({ label, description, error, required, children }: FrameProps & { children: React.ReactElement }) {
  return (
    <Field>
      <FieldLabel>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </FieldLabel>
      <FieldControl>{children}</FieldControl>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** A labelled input (TextField binds it to react-hook-form; the sign-in forms use it as it is). */
export function PlainTextField({ label, description, error, required, ...rest }: React.ComponentProps<'input'> & FrameProps & { name: string }) {
  return (
    <FieldFrame label={label} description={description} error={error} required={required}>
      <Input aria-required={required || undefined} {...rest} />
    </FieldFrame>
  );
}
