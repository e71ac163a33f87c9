import { HOTLINES } from '@post/contracts/site-defaults';

// A thumb's height on phones (issue 46 #6); the bar stays slim where a mouse aims.
const LINK = 'inline-flex min-h-11 items-center underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-white sm:min-h-6';

/** The slim Veterans Crisis Line bar on every public page (tap to call, tap to text). */
export function CrisisBar() {
  return (
    <aside aria-label="Veterans Crisis Line" data-slot="crisis-bar" className="bg-flag-red-700 text-white print:hidden">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 px-4 py-0 text-center text-sm sm:py-1.5">
        <span className="font-semibold">Veterans Crisis Line:</span>
        <a className={LINK} href={`tel:${HOTLINES.crisisCall}`}>
          Dial {HOTLINES.crisisCall} then press {HOTLINES.crisisPress}
        </a>
        <span aria-hidden="true" className="max-sm:hidden">
          ·
        </span>
        <a className={LINK} href={`sms:${HOTLINES.crisisText}`}>
          Text {HOTLINES.crisisText}
        </a>
      </p>
    </aside>
  );
}
