import { useEffect, useRef } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import type { AdminSection } from './admin-sections.ts';

/**
 * The header's Admin menu at desktop widths (decision 0096): the public links stay in the row and
 * the admin area's sections, Change Password and Logout open under one button. A native popover:
 * the browser gives it Escape, a click outside to close, the top layer, and focus back on the
 * button, with no menu library in every page's JavaScript.
 */
export function AdminMenu({ sections, onLogout }: { sections: AdminSection[]; onLogout: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // Under its button, right-aligned with it (the header is sticky, so the panel is fixed too).
    const place = (e: Event) => {
      if ((e as ToggleEvent).newState !== 'open' || !button.current) return;
      const r = button.current.getBoundingClientRect();
      el.style.top = `${Math.round(r.bottom + 6)}px`;
      el.style.right = `${Math.max(8, Math.round(window.innerWidth - r.right))}px`;
    };
    const focusFirst = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') el.querySelector<HTMLElement>('a, button')?.focus();
    };
    el.addEventListener('beforetoggle', place);
    el.addEventListener('toggle', focusFirst);
    return () => {
      el.removeEventListener('beforetoggle', place);
      el.removeEventListener('toggle', focusFirst);
    };
  }, []);
  const item =
    'flex min-h-11 items-center rounded-md px-3 py-2 text-base font-medium text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex h-11 items-center gap-2 rounded-md px-4 text-base font-medium whitespace-nowrap text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        popoverTarget="admin-menu"
      >
        Admin
        <ChevronDownIcon aria-hidden="true" className="size-4" />
      </button>
      {/* A link or button chosen closes it (a link to this same page would leave it open). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        ref={panel}
        id="admin-menu"
        popover="auto"
        data-slot="admin-menu"
        className="fixed inset-auto m-0 max-h-[calc(100dvh-6rem)] w-64 overflow-y-auto rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a, button')) panel.current?.hidePopover();
        }}
      >
        <nav aria-label="Admin">
          <ul className="flex flex-col">
            {sections.map((s) => (
              <li key={s.href}>
                <a href={s.href} className={item}>
                  {s.title}
                </a>
              </li>
            ))}
            <li className="mt-1 border-t pt-1">
              <button type="button" onClick={onLogout} className={`${item} w-full`}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}
