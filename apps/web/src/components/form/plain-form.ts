import { useState } from 'react';
import type { ZodType } from 'zod';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** Each named field's first message, by name. */
type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A plain form's named fields checked by its schema: the values, or each field's first message
 * with the first field in error focused (as react-hook-form does for the other forms). For the
 * forms that work before their schema loads (decision 0077).
 */
async function checked<T>(form: HTMLFormElement, schema: Promise<ZodType<T>>): Promise<{ values: T } | { errors: FieldErrors<T> }> {
  const raw = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
  const parsed = (await schema).safeParse(raw);
  if (parsed.success) return { values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const first = Object.keys(raw).find((name) => errors[name]);
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  return { errors: errors as FieldErrors<T> };
}

/** A plain form's state (the sign-in forms, the footer's newsletter box): its messages (a field's goes when it is typed in again) and whether it is sending. */
export function usePlainForm<T>(loadSchema: () => Promise<ZodType<T>>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);
  // Disabled in the server's markup until hydrated: a tap before then never posts the form natively.
  const hydrated = useHydrated();
  return {
    errors,
    busy,
    hydrated,
    formProps: {
      noValidate: true,
      onFocus: () => void loadSchema(),
      onInput: (e: React.FormEvent<HTMLFormElement>) => {
        const name = (e.target as HTMLInputElement).name as keyof T & string;
        if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
      },
    },
    /** Checks the form, then runs `send` with its values once (a second tap meanwhile does nothing); `send` answers true when the page is leaving. */
    async submit(e: React.FormEvent<HTMLFormElement>, send: (values: T) => Promise<boolean>) {
      e.preventDefault();
      const form = e.currentTarget;
      if (busy) return;
      setBusy(true);
      const result = await checked(form, loadSchema());
      setErrors('errors' in result ? result.errors : {});
      // Left busy when the page is leaving (a full page load after an administrator's sign-in).
      const leaving = 'values' in result ? await send(result.values) : false;
      if (!leaving) setBusy(false);
    },
  };
}
