import type * as React from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@post/ui/components/checkbox';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@post/ui/components/field';
import { Switch } from '@post/ui/components/switch';

interface BooleanFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
}

// The checkbox and the switch differ only in the control drawn before the label.
function LabelledBoolean<T extends FieldValues>({
  control,
  name,
  label,
  description,
  input,
}: BooleanFieldProps<T> & { input: (field: ControllerRenderProps<T, FieldPath<T>>) => React.ReactElement }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field className="flex-row! flex-wrap items-center gap-x-3!">
          <FieldControl>{input(field)}</FieldControl>
          <FieldLabel>{label}</FieldLabel>
          {description ? <FieldDescription className="basis-full">{description}</FieldDescription> : null}
        </Field>
      )}
    />
  );
}

/** A labelled checkbox bound to a boolean field. */
export function CheckboxField<T extends FieldValues>(props: BooleanFieldProps<T>) {
  return (
    <LabelledBoolean
      {...props}
      input={(field) => (
        <Checkbox
          ref={field.ref}
          checked={field.value === true || field.value === 'true'}
          onCheckedChange={(c) => field.onChange(c === true)}
          onBlur={field.onBlur}
          name={field.name}
        />
      )}
    />
  );
}

/** A labelled on/off switch bound to a boolean field. */
export function SwitchField<T extends FieldValues>(props: BooleanFieldProps<T>) {
  return (
    <LabelledBoolean
      {...props}
      input={(field) => <Switch ref={field.ref} checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} />}
    />
  );
}
