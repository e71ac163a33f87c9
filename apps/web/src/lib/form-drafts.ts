/**
 * Where form drafts are kept: the tab's sessionStorage, under `draft:{key}` (see use-form-draft.ts).
 * No React here, so that the header can forget the drafts on signing out without loading the hook.
 * Call these from effects and handlers only, never at module scope or while rendering.
 */

const PREFIX = 'draft:';
const VERSION = 1;

interface StoredDraft {
  v: number;
  savedAt: number;
  values: Record<string, unknown>;
}

/** The tab's sessionStorage, or null on the server or where the browser refuses it. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the value is a plain object (not an array, a date, a file...). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** A form's draft values, or undefined when none (or an unreadable one) is kept. */
export function readFormDraft(key: string): Record<string, unknown> | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(PREFIX + key);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredDraft> | null;
    return parsed && parsed.v === VERSION && isPlainObject(parsed.values) ? parsed.values : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a form's draft values (plain data, already without secrets). */
export function writeFormDraft(key: string, values: Record<string, unknown>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ v: VERSION, savedAt: Date.now(), values } satisfies StoredDraft));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

/** Forgets a form's draft. */
export function removeFormDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}

/** Whether a draft is kept for this form. */
export function hasFormDraft(key: string): boolean {
  return readFormDraft(key) !== undefined;
}

/** The keys (without the "draft:" prefix) of the drafts kept whose key starts with `prefix`. */
export function formDraftKeys(prefix: string): string[] {
  const s = storage();
  if (!s) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(PREFIX + prefix)) keys.push(k.slice(PREFIX.length));
    }
  } catch {
    return [];
  }
  return keys;
}

/** Forgets every form draft of the tab (on signing out: the next person at this computer must not see them). */
export function clearAllFormDrafts(): void {
  for (const key of formDraftKeys('')) removeFormDraft(key);
}
