import type { ExternalToast } from 'sonner';

// sonner loads after the page is interactive (toasts only follow something a person did),
// so it stays out of the JavaScript every public page needs first.
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | undefined;
const load = () => (loading ??= import('sonner'));

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind?: Kind) {
  return (message: string, data?: ExternalToast): void => {
    void load().then(({ toast }) => (kind ? toast[kind](message, data) : toast(message, data)));
  };
}

/** Shows a toast (same calls as sonner's `toast`), loading sonner on first use. */
export const toast = Object.assign(show(), { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') });

/** Starts loading sonner early (the root layout calls it once the page is interactive). */
export function preloadToasts(): void {
  void load();
}
