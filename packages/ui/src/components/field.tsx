import type * as React from 'react';
import { createContext, useContext, useEffect, useId, useMemo, useState } from 'react';
import { Slot } from 'radix-ui';
import { CircleAlertIcon } from 'lucide-react';

import { cn } from '../lib/utils.ts';
import { Label } from './label.tsx';

type FieldContextValue = {
  /** `id` given to the control (and `htmlFor` of the label). */
  controlId: string;
  descriptionId: string;
  errorId: string;
  /** True when `invalid` was passed to `Field` or a non-empty `FieldError` is shown. */
  invalid: boolean;
  hasDescription: boolean;
  hasError: boolean;
  /** Props to spread on the control: `id`, `aria-describedby`, `aria-invalid`. */
  controlProps: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  };
  setHasDescription: (value: boolean) => void;
  setHasError: (value: boolean) => void;
};

const FieldContext = createContext<FieldContextValue | null>(null);

/** Returns the surrounding `Field`'s ids and `controlProps` (for wiring a custom control by hand); throws outside a `Field`. */
export function useField(): FieldContextValue {
  const field = useContext(FieldContext);
  if (!field) throw new Error('useField must be used inside <Field>');
  return field;
}

/**
 * Groups a label, a control, a description and an error message, and links them:
 * wrap the control in `FieldControl` (or spread `useField().controlProps`) to give it the
 * `id`, `aria-describedby` and `aria-invalid` attributes. `controlId` overrides the generated id.
 */
export function Field({ className, controlId, invalid, ...props }: React.ComponentProps<'div'> & { controlId?: string; invalid?: boolean }) {
  const baseId = useId();
  const id = controlId ?? `${baseId}control`;
  const [hasDescription, setHasDescription] = useState(false);
  const [hasError, setHasError] = useState(false);
  const isInvalid = invalid ?? hasError;

  const value = useMemo<FieldContextValue>(() => {
    const descriptionId = `${id}-description`;
    const errorId = `${id}-error`;
    const describedBy = [hasDescription ? descriptionId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;
    return {
      controlId: id,
      descriptionId,
      errorId,
      invalid: isInvalid,
      hasDescription,
      hasError,
      controlProps: {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': isInvalid ? true : undefined,
      },
      setHasDescription,
      setHasError,
    };
  }, [id, isInvalid, hasDescription, hasError]);

  return (
    <FieldContext value={value}>
      <div data-slot="field" data-invalid={isInvalid || undefined} className={cn('group/field flex flex-col gap-2', className)} {...props} />
    </FieldContext>
  );
}

/** The field's label, automatically pointing (`htmlFor`) at the control. */
export function FieldLabel({ ...props }: React.ComponentProps<typeof Label>) {
  const field = useContext(FieldContext);
  return <Label data-slot="field-label" htmlFor={field?.controlId} {...props} />;
}

/** Wraps the single control element and gives it `id`, `aria-describedby` and `aria-invalid` (its own props win). */
export function FieldControl({ ...props }: React.ComponentProps<typeof Slot.Root>) {
  const field = useContext(FieldContext);
  return <Slot.Root data-slot="field-control" {...field?.controlProps} {...props} />;
}

/** Help text for the control, referenced by its `aria-describedby`. */
export function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const field = useContext(FieldContext);
  const setHasDescription = field?.setHasDescription;

  useEffect(() => {
    if (!setHasDescription) return;
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);

  return <p data-slot="field-description" id={field?.descriptionId} className={cn('text-base text-muted-foreground', className)} {...props} />;
}

/**
 * The validation message (`role="alert"`, so it is announced when it appears). Renders nothing when
 * `children` is empty; while shown, the control gets `aria-invalid` and is described by it.
 */
export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  const field = useContext(FieldContext);
  const setHasError = field?.setHasError;
  const hasContent = children !== undefined && children !== null && children !== false && children !== '';

  useEffect(() => {
    if (!setHasError || !hasContent) return;
    setHasError(true);
    return () => setHasError(false);
  }, [setHasError, hasContent]);

  if (!hasContent) return null;

  return (
    <p
      data-slot="field-error"
      id={field?.errorId}
      role="alert"
      className={cn('flex items-start gap-1.5 text-base font-semibold text-destructive', className)}
      {...props}
    >
      <CircleAlertIcon aria-hidden="true" className="mt-[0.2em] size-[1.1em] shrink-0" />
      <span>{children}</span>
    </p>
  );
}
