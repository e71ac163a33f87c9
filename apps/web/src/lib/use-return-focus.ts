import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog that has no Radix trigger (opened from the calendar,
 * a table button or the URL): the element focused when `open` turned true, if it is still on the
 * page, else `fallback()`. Pass the returned handler as the dialog's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in its own effect).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : fallback?.();
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
