import { useRef, useState } from 'react';
import type * as React from 'react';
import { flushSync } from 'react-dom';
import { MenuIcon, XIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';

/**
 * The phone menu: a native modal <dialog> sliding in from the right. The browser gives it a
 * focus trap, Escape to close, an inert page behind it and focus back on the menu button,
 * without a dialog library in every page's JavaScript. Its button shows below `upTo`, where the
 * header's own links are hidden. Its links are drawn when it opens: a closed menu is not part of
 * every page's first render (decision 0111).
 */
export function MobileMenu({ children, upTo = 'xl' }: { children: React.ReactNode; upTo?: 'xl' | '2xl' }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => dialog.current?.close();
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className={upTo === '2xl' ? '2xl:hidden' : 'xl:hidden'}
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => {
          // The links are in the dialog before it shows, so it opens with its focus on the first control.
          flushSync(() => setOpen(true));
          dialog.current?.showModal();
        }}
      >
        <MenuIcon aria-hidden="true" />
      </Button>
      {/* A click on the backdrop closes it; the keyboard has Escape, the dialog's own. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-label="Menu"
        data-slot="mobile-menu"
        onClose={() => setOpen(false)}
        className="mobile-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] border-l bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
        onKeyDown={(e) => {
          // Tab wraps inside the menu: the browser would otherwise stop on the page itself
          // (focus on <body>, nothing visible focused) between the last link and the first.
          if (e.key !== 'Tab' || !dialog.current) return;
          const items = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
          const first = items[0];
          const last = items.at(-1);
          if (!first || !last) return;
          if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          } else if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          }
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself), a link or a button (Close, Logout,
          // a member's sign-out) closes the menu: a sign-out's toast is not left behind it.
          if (e.target === dialog.current || (e.target as HTMLElement).closest('a, button')) close();
        }}
      >
        {open ? (
          <>
            <div className="flex items-center justify-between border-b px-4 py-3">
              <p className="text-lg font-semibold">Menu</p>
              <Button variant="ghost" size="icon" aria-label="Close menu" onClick={close}>
                <XIcon aria-hidden="true" />
              </Button>
            </div>
            <nav aria-label="Main" className="flex flex-col gap-1 p-4">
              {children}
            </nav>
          </>
        ) : null}
      </dialog>
    </>
  );
}
