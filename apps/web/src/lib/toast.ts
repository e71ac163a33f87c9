import type { ExternalToast } from 'sonner';

// sonner loads after the page is interactive (toasts only follow something a person did),
// so it stays out of the JavaScript every public page needs first. The root layout mounts the
// toaster once the page has hydrated; a toast asked for before then waits for it (sonner's
// toaster only shows toasts made after it mounted).
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | undefined;
const load = () => (loading ??= import('sonner'));

let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

/** Called by the root layout once its toaster is mounted: toasts asked for until then show now. */
export function markToasterMounted(): void {
  toasterMounted();
}

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind?: Kind) {
  return (message: string, data?: ExternalToast): void => {
    void Promise.all([load(), mounted]).then(([{ toast }]) => (kind ? toast[kind](message, data) : toast(message, data)));
  };
}

/** Shows a toast (same calls as sonner's `toast`), loading sonner on first use. */
export const toast = Object.assign(show(), { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') });
