import type * as React from 'react';
import { HistoryIcon } from 'lucide-react';
import { formMessages } from '@post/contracts/messages/forms';
import { Button } from '@post/ui/components/button';
import type { FormDraft } from '../../lib/use-form-draft.ts';

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
        {formMessages.draftRestored}
      </p>
      <Button type="button" variant="outline" className="shrink-0 bg-background" onClick={discard}>
        Discard<span className="sr-only"> restored changes</span>
      </Button>
    </div>
  );
}
