import { Link, type LinkProps } from '@tanstack/react-router';
import { Button, buttonVariants } from '@post/ui/components/button';

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
