import { useCallback, useEffect, useRef, useState } from 'react';
import { readFormDraft, removeFormDraft, writeFormDraft } from './form-drafts.ts';
import { DRAFT_DEBOUNCE_MS } from './use-form-draft.ts';

/**
 * A draft for a plain (uncontrolled) form, kept like the admin forms' drafts in the tab's
 * sessionStorage, so what a visitor typed survives a reload or Back (decision 0095). Only text
 * fields' values are kept, never those named in `skip` (a honeypot) nor any password field.
 */
export function usePlainFormDraft(key: string, skip: readonly string[] = []) {
  const ref = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [restored, setRestored] = useState(false);
  const kept = useCallback((name: string) => !skip.includes(name) && !/password/i.test(name), [skip]);

  useEffect(() => {
    const form = ref.current;
    const draft = readFormDraft(key);
    if (!form || !draft) return;
    let any = false;
    for (const [name, value] of Object.entries(draft)) {
      if (!kept(name) || typeof value !== 'string' || !value) continue;
      const el = form.elements.namedItem(name);
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) && !el.value) {
        el.value = value;
        any = true;
      }
    }
    setRestored(any);
    return () => clearTimeout(timer.current);
  }, [key, kept]);

  /** Writes the draft a moment after the last change (the form's onInput). */
  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = ref.current;
      if (!form) return;
      const values: Record<string, string> = {};
      for (const [name, value] of new FormData(form)) if (kept(name) && typeof value === 'string' && value.trim()) values[name] = value;
      if (Object.keys(values).length === 0) removeFormDraft(key);
      else writeFormDraft(key, values);
    }, DRAFT_DEBOUNCE_MS);
  }, [key, kept]);

  /** Forgets the draft (the request was sent, or the visitor starts over). */
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    removeFormDraft(key);
    setRestored(false);
  }, [key]);

  return { ref, save, clear, restored };
}
