import { useWatch, type UseFormReturn } from 'react-hook-form';
import { obituaryWarnings } from '@post/contracts/honor-roll';
import type { FormIn, FormOut } from './member-dialog.tsx';

/** What identity-theft guidance says to leave out of an obituary, said while it is typed, before it is saved (decision 0086). */
export function ObituaryWarnings({ form }: { form: UseFormReturn<FormIn, unknown, FormOut> }) {
  const text = useWatch({ control: form.control, name: 'obituary' });
  const warnings = obituaryWarnings(text);
  return (
    <div id="obituary-warnings" aria-live="polite">
      {warnings.map((w) => (
        <p key={w} className="mt-1 rounded-md border border-flag-red-700 p-2 text-base text-flag-red-800">
          {w}
        </p>
      ))}
    </div>
  );
}
