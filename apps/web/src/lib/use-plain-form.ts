import { useRef, useState, type FormEvent } from 'react';

/** The part of a zod schema the form needs (the schema module loads on first validation). */
interface Schema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A small form of named text inputs for the public sign-in page, validated by a contract
 * schema that loads on first use: the same behaviour as the admin forms' react-hook-form
 * (validate on submit, then again as the person corrects a field; focus the first invalid
 * field; the schema's own messages) without its 15 KB in the JavaScript the page needs to
 * start. Inputs stay uncontrolled, so what was typed is kept whatever happens.
 */
export function usePlainForm<T extends Record<string, string>>(fields: readonly (keyof T & string)[], loadSchema: () => Promise<Schema<T>>) {
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const schema = useRef<Promise<Schema<T>> | undefined>(undefined);

  const check = async (form: HTMLFormElement): Promise<{ data?: T; errors: Partial<Record<keyof T, string>> }> => {
    schema.current ??= loadSchema();
    const values = Object.fromEntries(fields.map((f) => [f, (form.elements.namedItem(f) as HTMLInputElement | null)?.value ?? '']));
    const result = (await schema.current).safeParse(values);
    if (result.success) return { data: result.data, errors: {} };
    const found: Partial<Record<keyof T, string>> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T;
      found[name] ??= issue.message;
    }
    return { errors: found };
  };

  return {
    errors,
    isSubmitting,
    formProps: {
      ref: formRef,
      noValidate: true,
      // After the first submit, a field's message follows what is typed into it.
      onInput: async () => {
        if (submitted.current && formRef.current) setErrors((await check(formRef.current)).errors);
      },
    },
    /** Submit handler: validates, focuses the first invalid field, or calls `handler` with the parsed values. */
    handleSubmit: (handler: (values: T) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      submitted.current = true;
      const { data, errors: found } = await check(form);
      setErrors(found);
      if (!data) {
        const first = fields.find((f) => found[f]);
        if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await handler(data);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
