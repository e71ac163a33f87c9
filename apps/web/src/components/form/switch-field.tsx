import type * as React from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@post/ui/components/field';
import { Switch } from '@post/ui/components/switch';

/** A labelled on/off switch bound to a boolean field. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field className="flex-row! flex-wrap items-center gap-x-3!">
          <FieldControl>
            <Switch ref={field.ref} checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} />
          </FieldControl>
          <FieldLabel>{label}</FieldLabel>
          {description ? <FieldDescription className="basis-full">{description}</FieldDescription> : null}
        </Field>
      )}
    />
  );
}
