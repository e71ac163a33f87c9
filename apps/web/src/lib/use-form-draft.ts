import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { isPlainObject, readFormDraft, removeFormDraft, writeFormDraft } from './form-drafts.ts';

export { formDraftKeys, hasFormDraft } from './form-drafts.ts';

/**
 * Drafts of forms in progress, kept in the tab's sessionStorage so that what was typed survives a
 * reload or a lapsed session (the admin guard swaps the form for the login page, and signing in
 * again reloads the page). Password fields are never stored.
 */

/** Pause after the last change before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 300;
/** Fields never written to storage: any key containing "password" (password, loginPassword, newPassword...). */
const SECRET_KEY = /password/i;

/** The values without password fields (at any depth) and without anything that is not plain data. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEY.test(k) || v === undefined || typeof v === 'function') continue;
      out[k] = withoutSecrets(v);
    }
    return out;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Files, dates and other objects are not kept.
  return null;
}

const INCOMPATIBLE = Symbol('incompatible');

/**
 * The draft laid over the form's stored values, field by field, keeping only what fits the form's
 * shape (a draft written by an older version of a form never breaks it). Password fields keep the
 * form's value.
 */
export function mergeDraft(template: unknown, draft: unknown, nested = false): unknown {
  if (Array.isArray(template)) {
    if (!Array.isArray(draft)) return INCOMPATIBLE;
    const out: unknown[] = [];
    for (const item of draft) {
      const merged = template.length > 0 ? mergeDraft(template[0], item) : withoutSecrets(item);
      if (merged === INCOMPATIBLE) return INCOMPATIBLE;
      out.push(merged);
    }
    return out;
  }
  if (isPlainObject(template)) {
    // Inside the values, null clears a field that held plain data (a removed picture's image).
    if (nested && draft === null) return null;
    if (!isPlainObject(draft)) return INCOMPATIBLE;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template)) {
      if (SECRET_KEY.test(k) || !(k in draft)) {
        out[k] = v;
        continue;
      }
      const merged = mergeDraft(v, draft[k], true);
      out[k] = merged === INCOMPATIBLE ? v : merged;
    }
    return out;
  }
  switch (typeof template) {
    case 'string':
      return typeof draft === 'string' ? draft : INCOMPATIBLE;
    case 'boolean':
      return typeof draft === 'boolean' ? draft : INCOMPATIBLE;
    case 'number':
      // Number inputs hold what was typed as text.
      return typeof draft === 'number' || typeof draft === 'string' ? draft : INCOMPATIBLE;
    default:
      // null or undefined: an optional field, which holds text, a number or a switch once filled,
      // or plain data such as an uploaded picture (FormPicture's `image`).
      if (isPlainObject(draft)) return withoutSecrets(draft);
      return draft === null || ['string', 'number', 'boolean'].includes(typeof draft) ? draft : INCOMPATIBLE;
  }
}

/** The form's stored values (its default values, which form.reset keeps current). */
function storedValues<T extends FieldValues, C, V extends FieldValues>(form: UseFormReturn<T, C, V>): unknown {
  return form.formState.defaultValues ?? {};
}

/** The values a stored draft restores over the form's stored ones; undefined when there is none, it no longer fits, or it changes nothing. */
function draftToRestore<T extends FieldValues, C, V extends FieldValues>(form: UseFormReturn<T, C, V>, key: string): unknown {
  const draft = readFormDraft(key);
  if (draft === undefined) return undefined;
  const stored = storedValues(form);
  const merged = mergeDraft(stored, draft);
  return merged === INCOMPATIBLE || same(merged, stored) ? undefined : merged;
}

const same = (a: unknown, b: unknown) => JSON.stringify(withoutSecrets(a)) === JSON.stringify(withoutSecrets(b));

/** What `useFormDraft` returns. */
export interface FormDraft {
  /** True while the form shows changes restored from a draft (until they are discarded or saved). */
  restored: boolean;
  /** Forgets the draft: after a successful save, Cancel, or leaving without saving. */
  clear: () => void;
  /** Puts back the form's stored values and forgets the draft. */
  discard: () => void;
}

/**
 * Keeps a react-hook-form form's values in sessionStorage under `draft:{key}` while they differ
 * from the form's stored values (written 300 ms after the last change, and at once when the page
 * is hidden or the form goes away), and restores them when the form mounts: mount the form once
 * the record's own values have loaded, so that the draft wins over them. Use one key per form and
 * record, e.g. `event:new`, `event:12`. Call `clear()` after a successful save and on Cancel; show
 * `DraftNotice` (components/form/draft-notice.tsx) for 'Your unsaved changes were restored.' and Discard.
 */
export function useFormDraft<T extends FieldValues, C, V extends FieldValues>(
  form: UseFormReturn<T, C, V>,
  key: string,
  { enabled = true }: { enabled?: boolean } = {},
): FormDraft {
  // Whether the mount restores a draft is read from storage while rendering (again for another
  // key), so the notice shows in the first render, not after an effect (decision 0067).
  const [restored, setRestored] = useState(() => enabled && draftToRestore(form, key) !== undefined);
  const [restoredFor, setRestoredFor] = useState({ key, enabled });
  if (restoredFor.key !== key || restoredFor.enabled !== enabled) {
    setRestoredFor({ key, enabled });
    setRestored(enabled && draftToRestore(form, key) !== undefined);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);

  /** Writes a pending change now (or forgets the draft when the values are the stored ones again). */
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current) return;
    pending.current = false;
    const values = withoutSecrets(form.getValues());
    if (same(values, storedValues(form)) || !isPlainObject(values)) removeFormDraft(key);
    else writeFormDraft(key, values);
  }, [form, key]);

  // Restore once, when the form mounts with its stored values.
  useEffect(() => {
    if (!enabled) return;
    const merged = draftToRestore(form, key);
    if (merged === undefined) {
      if (readFormDraft(key) !== undefined) removeFormDraft(key);
      return;
    }
    // The stored values stay the form's defaults: the form is dirty, and Discard goes back to them.
    form.reset(merged as T, { keepDefaultValues: true });
  }, [enabled, form, key]);

  // Follow every change; write after a pause, when the page is hidden, and when the form goes away.
  useEffect(() => {
    if (!enabled) return;
    const sub = form.watch(() => {
      pending.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DEBOUNCE_MS);
    });
    const onHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [enabled, form, flush]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = false;
    removeFormDraft(key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    form.reset();
    clear();
  }, [form, clear]);

  return useMemo(() => ({ restored, clear, discard }), [restored, clear, discard]);
}
