import type * as React from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@post/ui/components/checkbox';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@post/ui/components/field';

/** A labelled checkbox bound to a boolean field. */
export function CheckboxField<T extends FieldValues>({
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
            <Checkbox
              ref={field.ref}
              checked={field.value === true || field.value === 'true'}
              onCheckedChange={(c) => field.onChange(c === true)}
              onBlur={field.onBlur}
              name={field.name}
            />
          </FieldControl>
          <FieldLabel>{label}</FieldLabel>
          {description ? <FieldDescription className="basis-full">{description}</FieldDescription> : null}
        </Field>
      )}
    />
  );
}
