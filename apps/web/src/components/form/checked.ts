import type { ZodType } from 'zod';

/** Each named field's first message, by name. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A plain form's named fields checked by its schema: the values, or each field's first message
 * with the first field in error focused (as react-hook-form does for the other forms). For the
 * forms that work before their schema loads (decision 0077).
 */
export async function checked<T>(form: HTMLFormElement, schema: Promise<ZodType<T>>): Promise<{ values: T } | { errors: FieldErrors<T> }> {
  const raw = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
  const parsed = (await schema).safeParse(raw);
  if (parsed.success) return { values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const first = Object.keys(raw).find((name) => errors[name]);
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  return { errors: errors as FieldErrors<T> };
}
