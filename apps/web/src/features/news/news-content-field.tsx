import { lazy, Suspense, useCallback, useRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, useField } from '@post/ui/components/field';
import { RequiredMark } from '../../components/form/required-mark.tsx';
import { NewsBody } from './news-body.tsx';

// The editor is a chunk of its own, fetched when the news form opens (decision 0087).
const NewsEditor = lazy(() => import('./news-editor.tsx'));

const HINT =
  'Select text and use Bold, Italic, Underline or Link (or Ctrl+B, Ctrl+I, Ctrl+U). Web addresses become links by themselves. Enter starts a new paragraph, Shift+Enter a new line.';

/** A news item's Content: formatted text in an editor, with a preview as the page will show it. */
export function NewsContentField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <div className="space-y-4">
      <Field invalid={Boolean(fieldState.error)}>
        <EditorPart label={label} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} refTo={field.ref} />
        <FieldDescription>{HINT}</FieldDescription>
        <FieldError>{fieldState.error?.message}</FieldError>
      </Field>
      <section aria-labelledby="news-preview-heading" className="rounded-lg border bg-muted p-4">
        <h3 id="news-preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h3>
        {field.value ? <NewsBody content={String(field.value)} /> : <p className="text-muted-foreground">The text shows here as the news page will show it.</p>}
      </section>
    </div>
  );
}

function EditorPart({
  label,
  value,
  onChange,
  onBlur,
  refTo,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  refTo: (instance: { focus: () => void } | null) => void;
}) {
  const { controlId, controlProps, invalid } = useField();
  const labelId = `${controlId}-label`;
  const focusTarget = useRef<{ focus: () => void } | null>(null);
  const focusRef = useCallback(
    (target: { focus: () => void } | null) => {
      focusTarget.current = target;
      refTo(target);
    },
    [refTo],
  );
  return (
    <>
      <FieldLabel id={labelId} onClick={() => focusTarget.current?.focus()}>
        {label} <RequiredMark />
      </FieldLabel>
      <Suspense
        fallback={
          <p role="status" className="min-h-60 rounded-md border border-input bg-background px-3 py-2 text-muted-foreground">
            Loading the editor…
          </p>
        }
      >
        <NewsEditor
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          aria={{ labelId, describedBy: controlProps['aria-describedby'], invalid }}
          focusRef={focusRef}
        />
      </Suspense>
    </>
  );
}
