import { CircleCheckIcon, XIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';

/** What a sign-up's confirmation says. */
export interface SignUpNotice {
  title: string;
  description: string;
}

/** The confirmation's element id: the sign-up dialog moves focus and scroll to it when it closes. */
export const SIGNUP_NOTICE_ID = 'signup-notice';

/**
 * A sign-up's confirmation, on the page at the top of the calendar (decision 0096): a toast went
 * away in seconds and focus fell back to the list below the calendar or to the page's body; this
 * stays until dismissed, and takes the focus, so a screen reader reads it and a phone shows it.
 */
export function SignUpNoticePanel({ notice, onDismiss }: { notice: SignUpNotice; onDismiss: () => void }) {
  return (
    <section
      id={SIGNUP_NOTICE_ID}
      tabIndex={-1}
      aria-labelledby="signup-notice-title"
      aria-describedby="signup-notice-text"
      className="mb-6 flex scroll-mt-32 items-start gap-3 rounded-lg border border-green-700/40 bg-green-50 p-4 text-green-950 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <CircleCheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-800" />
      <div className="min-w-0 flex-1">
        <h2 id="signup-notice-title" className="text-lg font-semibold">
          {notice.title}
        </h2>
        <p id="signup-notice-text" className="text-base">
          {notice.description}
        </p>
      </div>
      <Button variant="ghost" size="icon" className="-m-1 shrink-0" aria-label="Dismiss the confirmation" onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
    </section>
  );
}
