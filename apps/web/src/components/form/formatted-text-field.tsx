import { useRef } from 'react';
import type * as React from 'react';
import { BoldIcon, ItalicIcon, UnderlineIcon, UnlinkIcon } from 'lucide-react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Button } from '@post/ui/components/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Textarea } from '@post/ui/components/textarea';
import { RequiredMark } from './required-mark.tsx';
import { LinkTool } from './link-tool.tsx';

/** The tags the commander message and newsletter editors insert (the same allow-list as the server's). */
export type FormatTag = 'strong' | 'em' | 'u';
const TOOLS: { tag: FormatTag; label: string; key: string; icon: React.ReactNode }[] = [
  { tag: 'strong', label: 'Bold', key: 'b', icon: <BoldIcon aria-hidden="true" /> },
  { tag: 'em', label: 'Italic', key: 'i', icon: <ItalicIcon aria-hidden="true" /> },
  { tag: 'u', label: 'Underline', key: 'u', icon: <UnderlineIcon aria-hidden="true" /> },
];

/** What the formatting hint under the text area says. */
export const FORMATTING_HINT = 'Select text and use Bold, Italic or Underline (or Ctrl+B, Ctrl+I, Ctrl+U). Line breaks are kept.';

/**
 * Bold, italic and underline for a plain text area (commander message, newsletter issue):
 * `wrap` puts the selection in a tag and keeps the same text selected with the focus in the
 * text area; `onKeyDown` gives Ctrl+B, Ctrl+I and Ctrl+U; `ref` goes on the text area.
 */
export function useFormatting(setValue: (next: string) => void) {
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const wrap = (tag: FormatTag) => {
    const el = textareaRef.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end, value } = el;
    const open = `<${tag}>`;
    setValue(`${value.slice(0, start)}${open}${value.slice(start, end)}</${tag}>${value.slice(end)}`);
    el.focus();
    el.setSelectionRange(start + open.length, end + open.length);
  };
  /** Puts the selection (or, with none, the address itself) in a link to `href`. */
  const link = (href: string) => {
    const el = textareaRef.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end, value } = el;
    const open = `<a href="${href}">`;
    const text = value.slice(start, end) || href;
    setValue(`${value.slice(0, start)}${open}${text}</a>${value.slice(end)}`);
    el.focus();
    el.setSelectionRange(start + open.length, start + open.length + text.length);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const tool = TOOLS.find((t) => t.key === e.key.toLowerCase());
    if (!tool) return;
    e.preventDefault();
    wrap(tool.tag);
  };
  return { textareaRef, wrap, link, onKeyDown };
}

/** The Bold / Italic / Underline buttons above a text area, and Link where links are kept (news); Remove link in the news editor. */
export function FormattingToolbar({ onWrap, onLink, onUnlink }: { onWrap: (tag: FormatTag) => void; onLink?: (href: string) => void; onUnlink?: () => void }) {
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-2">
      {TOOLS.map((t) => (
        <Button
          key={t.tag}
          type="button"
          variant="outline"
          size="sm"
          // Keep the text area's selection and focus when the button is clicked.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onWrap(t.tag)}
          title={`${t.label} (Ctrl+${t.key.toUpperCase()})`}
        >
          {t.icon}
          {t.label}
        </Button>
      ))}
      {onLink ? <LinkTool onInsert={onLink} /> : null}
      {onUnlink ? (
        <Button type="button" variant="outline" size="sm" onMouseDown={(e) => e.preventDefault()} onClick={onUnlink}>
          <UnlinkIcon aria-hidden="true" />
          Remove link
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A required text field with the formatting toolbar (commander message, newsletter issue):
 * the label, the toolbar, the text area with Ctrl+B/I/U, the hint and the field's error.
 */
export function FormattedTextField<T extends FieldValues>({
  form,
  name,
  label,
  rows,
  hint = FORMATTING_HINT,
  links = false,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  rows: number;
  hint?: string;
  /** A Link button too (news bodies). */
  links?: boolean;
}) {
  const { ref: registerRef, ...field } = form.register(name);
  const { textareaRef, wrap, link, onKeyDown } = useFormatting((next) =>
    form.setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  const error = form.formState.errors[name]?.message;
  return (
    <Field>
      <FieldLabel>
        {label} <RequiredMark />
      </FieldLabel>
      <FormattingToolbar onWrap={wrap} onLink={links ? link : undefined} />
      <FieldControl>
        <Textarea
          {...field}
          ref={(el) => {
            registerRef(el);
            textareaRef.current = el;
          }}
          onKeyDown={onKeyDown}
          rows={rows}
          aria-required
          className="font-mono text-base"
        />
      </FieldControl>
      <FieldDescription>{hint}</FieldDescription>
      <FieldError>{typeof error === 'string' ? error : undefined}</FieldError>
    </Field>
  );
}
