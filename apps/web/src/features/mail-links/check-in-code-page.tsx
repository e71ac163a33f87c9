import { useState } from 'react';
import { Page } from '../../layout/page.tsx';

/**
 * A volunteer's check-in code, large, to show at the door (issue 44): opened from the confirmation
 * mail. The picture is the site's own; a code it did not sign (or of a place given up) shows none.
 */
export function CheckInCodePage({ code }: { code: string }) {
  const [missing, setMissing] = useState(false);
  return (
    <Page title="Your Check-In Code" intro="Show this code at the door: the officer scans it, and you are checked in.">
      <div className="max-w-md space-y-4">
        {missing ? (
          <p role="status" className="rounded-lg border border-flag-red-300 bg-flag-red-50 p-4 text-lg text-flag-red-800">
            This check-in code is not valid: the sign-up may have been cancelled. Give your name at the door instead.
          </p>
        ) : (
          <img
            src={`/check-in/${encodeURIComponent(code)}/qr.png`}
            width={320}
            height={320}
            alt="Your check-in code"
            className="h-auto w-full max-w-80 rounded-lg border bg-white p-2"
            onError={() => setMissing(true)}
          />
        )}
        <p className="text-lg">Turn your screen's brightness up if the scan is slow. Without your phone, give your name at the door.</p>
      </div>
    </Page>
  );
}
