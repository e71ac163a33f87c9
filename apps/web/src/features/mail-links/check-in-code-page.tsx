import { useState } from 'react';
import { checkInCodeMessages } from '@post/contracts/messages/check-in-code';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { errorStatus, trpc } from '../../lib/trpc.ts';

/**
 * A volunteer's check-in code, large, to show at the door (issue 44): opened from the confirmation
 * mail. It says whose code it is and for which event and shift, so someone with several places
 * shows the right one. The picture is the site's own; a code it did not sign (or of a place given
 * up) shows none.
 */
export function CheckInCodePage({ code }: { code: string }) {
  const f = usePostFormat();
  const [imageFailed, setImageFailed] = useState(false);
  const details = trpc.attendance.codeDetails.useQuery({ code }, { retry: false });
  const missing = imageFailed || errorStatus(details.error) === 404;
  const d = details.data;
  return (
    <Page title="Your Check-In Code" intro="Show this code at the door: the officer scans it, and you are checked in.">
      <div className="max-w-md space-y-4">
        {missing ? (
          <p role="status" className="rounded-lg border border-flag-red-300 bg-flag-red-50 p-4 text-lg text-flag-red-800">
            {checkInCodeMessages.notValid}
          </p>
        ) : (
          <>
            {d ? (
              <dl className="space-y-1 text-lg">
                <div>
                  <dt className="sr-only">Name</dt>
                  <dd className="text-xl font-bold text-navy-800">{d.name}</dd>
                </div>
                <div>
                  <dt className="sr-only">Event</dt>
                  <dd className="font-semibold">{d.title}</dd>
                </div>
                <div>
                  <dt className="sr-only">When</dt>
                  <dd>
                    {f.dateTime(d.startDate)} to {f.time(d.endDate)}
                  </dd>
                </div>
                {d.shift ? (
                  <div>
                    <dt className="inline font-semibold">Shift: </dt>
                    <dd className="inline">
                      {d.shift.role}, {f.time(d.shift.startDate)} to {f.time(d.shift.endDate)}
                    </dd>
                  </div>
                ) : null}
                {d.location ? (
                  <div>
                    <dt className="sr-only">Where</dt>
                    <dd className="text-muted-foreground">{d.location}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            <img
              src={`/check-in/${encodeURIComponent(code)}/qr.png`}
              width={320}
              height={320}
              alt={d ? `Check-in code of ${d.name} for ${d.title}` : 'Your check-in code'}
              className="h-auto w-full max-w-80 rounded-lg border bg-white p-2"
              onError={() => setImageFailed(true)}
            />
          </>
        )}
        <p className="text-lg">Turn your screen's brightness up if the scan is slow. Without your phone, give your name at the door.</p>
      </div>
    </Page>
  );
}
