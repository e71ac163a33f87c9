import type * as React from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Controller, get, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ArrowLeftIcon, HistoryIcon } from 'lucide-react';
import { CONFIRM, TEXT } from '@post/contracts/messages';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@post/ui/components/alert-dialog';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Switch } from '@post/ui/components/switch';
import { cn } from '@post/ui/lib/utils';
import type { UnsavedChangesBlocker } from '../../../lib/use-unsaved-changes.ts';
import type { FormDraft } from '../../../lib/use-form-draft.ts';
import { useSiteSettings } from '../../site-settings/use-site-settings.ts';

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
        <Field className="flex-row flex-wrap items-center gap-x-3">
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

/** The asterisk after a required field's label (the legend explains it). */
export function RequiredMark() {
  return <span aria-hidden="true">*</span>;
}

/** "Fields marked * are required." */
export function RequiredLegend() {
  return (
    <p className="text-base text-muted-foreground">
      Fields marked <RequiredMark /> are required.
    </p>
  );
}

/** Save and Cancel at the bottom of a form; Save is disabled while saving. */
export function FormActions({
  saving,
  saveLabel = 'Save',
  savingLabel = 'Saving...',
  cancel,
  cancelLabel = 'Cancel',
}: {
  saving: boolean;
  saveLabel?: string;
  savingLabel?: string;
  cancel: LinkProps;
  cancelLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
      <Link {...cancel} className={buttonVariants({ variant: 'outline' })}>
        {cancelLabel}
      </Link>
      <Button type="submit" disabled={saving} aria-disabled={saving || undefined}>
        {saving ? savingLabel : saveLabel}
      </Button>
    </div>
  );
}

/** A "Back to Dashboard" style link above a form. */
export function BackLink({ children = 'Back to Dashboard', ...link }: LinkProps & { children?: React.ReactNode }) {
  return (
    <Link {...link} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3 mb-2 text-base')}>
      <ArrowLeftIcon aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The white panel a form sits on. */
export function FormPanel({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('max-w-3xl rounded-xl border bg-card p-4 shadow-sm sm:p-6', className)}>{children}</div>;
}

/**
 * 'Your unsaved changes were restored.' above a form that came back from a draft, with Discard to
 * go back to the stored values (the focus then moves to the form's first field).
 */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  if (!draft.restored) return null;
  const discard = (e: React.MouseEvent<HTMLButtonElement>) => {
    const form = e.currentTarget.closest('form');
    draft.discard();
    const first = form?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])');
    first?.focus();
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-navy-300 bg-navy-50 p-4 text-navy-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-base font-semibold">
        <HistoryIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {TEXT.draftRestored}
      </p>
      <Button type="button" variant="outline" className="shrink-0 bg-background" onClick={discard}>
        Discard<span className="sr-only"> restored changes</span>
      </Button>
    </div>
  );
}

/**
 * Asks whether to leave a form with unsaved changes (see useUnsavedChanges). `onLeave` runs when
 * the person chooses to leave without saving (pass the draft's `clear`).
 */
export function UnsavedChangesDialog({ blocker, onLeave }: { blocker: UnsavedChangesBlocker; onLeave?: () => void }) {
  const open = blocker.status === 'blocked';
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && blocker.reset?.()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CONFIRM.unsavedChanges.title}</AlertDialogTitle>
          <AlertDialogDescription>{CONFIRM.unsavedChanges.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => blocker.reset?.()}>{CONFIRM.unsavedChanges.stay}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              onLeave?.();
              blocker.proceed?.();
            }}
          >
            {CONFIRM.unsavedChanges.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Loading, missing or failed states of an edit page before its form can show. */
export function LoadState({ state, message }: { state: 'loading' | 'error'; message?: string }) {
  if (state === 'loading') {
    return (
      <p role="status" className="py-6 text-lg">
        {TEXT.loading}
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-md border border-flag-red-300 bg-flag-red-50 p-4 text-lg text-flag-red-800">
      {message}
    </p>
  );
}

/** The document title of an admin page: "{page} | {post name}". */
export function AdminTitle({ text }: { text: string }) {
  const postName = useSiteSettings().data.postName;
  return (
    <>
      <title>{`${text} | ${postName}`}</title>
    </>
  );
}
