import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { HonorRollDraft } from '@post/contracts/honor-roll';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { Textarea } from '@post/ui/components/textarea';
import { Page } from '../../layout/page.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/load-state.tsx';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { failureMessage, trpc } from '../../lib/trpc.ts';

/**
 * /admin/honor-roll (issue 61 #5, decision 0086): a date of death makes a draft; the adjutant
 * reports the death to National, records the family's wishes, and publishes with their consent.
 */
export function HonorRollAdminPage() {
  const drafts = trpc.honorRoll.drafts.useQuery();
  return (
    <Page
      before={<BackLink to="/admin">Back to Dashboard</BackLink>}
      title="Honor Roll"
      intro="Departed members. An entry is public only once the family agrees; most posts read the year's names at the Post Everlasting ceremony."
    >
      <AdminTitle text="Honor Roll" />
      {drafts.data ? (
        drafts.data.length === 0 ? (
          <EmptyState>No departed members. A date of death in a member's record makes a draft here.</EmptyState>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Honor roll entries">
            {drafts.data.map((d) => (
              <Entry key={d.memberId} draft={d} />
            ))}
          </ul>
        )
      ) : drafts.isError ? (
        <ErrorState onRetry={() => void drafts.refetch()} retrying={drafts.isFetching} />
      ) : (
        <LoadingState text="Loading the honor roll..." />
      )}
    </Page>
  );
}

function Entry({ draft: d }: { draft: HonorRollDraft }) {
  const { timeZone } = useSiteSettings().data;
  const utils = trpc.useUtils();
  const update = trpc.honorRoll.update.useMutation();
  const publish = trpc.honorRoll.publish.useMutation();
  const unpublish = trpc.honorRoll.unpublish.useMutation();
  const [offices, setOffices] = useState(d.offices ?? '');
  const [kin, setKin] = useState(d.nextOfKin ?? '');
  const [years, setYears] = useState(d.continuousYears === null ? '' : String(d.continuousYears));
  // A whole number or blank, checked before anything is sent (decision 0095).
  const yearsBad = years.trim() !== '' && !/^\d{1,3}$/.test(years.trim());
  const yearsValue = years.trim() === '' ? null : Number(years.trim());
  const fields = () => ({ memberId: d.memberId, offices, nextOfKin: kin, continuousYears: yearsValue });
  const [consent, setConsent] = useState(d.familyConsent);
  const [ceremony, setCeremony] = useState(d.ceremonyDate ?? '');
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done, { description: d.name });
      await utils.honorRoll.invalidate();
    } catch (err) {
      toast.error(failureMessage(err, 'That was not saved. Please try again.'));
    }
  };
  const today = utcToZoned(new Date(), timeZone).date;
  return (
    <li className="space-y-3 rounded-lg border bg-card p-4" aria-label={d.name}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-navy-900">{d.name}</p>
        <Badge variant={d.published ? 'normal' : 'outline'}>{d.published ? 'Published' : 'Draft'}</Badge>
      </div>
      <p className="text-base">
        {d.deceasedOn ? `Died ${d.deceasedOn}` : 'Reported deceased in a Buddy Check call: record the date of death in the member’s record.'}
      </p>
      {d.obituaryWarnings.map((w) => (
        <p key={w} role="note" className="rounded-md border border-flag-red-700 p-2 text-base text-flag-red-800">
          Obituary: {w}
        </p>
      ))}
      <fieldset className="space-y-1">
        <legend className="font-semibold">Checklist</legend>
        <label className="flex min-h-11 items-center gap-2 text-base">
          <input
            type="checkbox"
            className="size-5"
            checked={d.deathReportedOn !== null}
            onChange={(e) => void run(() => update.mutateAsync({ memberId: d.memberId, deathReportedOn: e.target.checked ? today : null }), 'Checklist saved')}
          />
          Death reported to National (myLegion.org){d.deathReportedOn ? `, ${d.deathReportedOn}` : ''}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-base">
          <input type="checkbox" className="size-5" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          The family agrees to a public entry
        </label>
      </fieldset>
      <div className="space-y-1">
        <Label htmlFor={`offices-${d.memberId}`}>Offices held (one a line, e.g. Post Commander 1998-1999)</Label>
        <Textarea id={`offices-${d.memberId}`} value={offices} onChange={(e) => setOffices(e.target.value)} rows={2} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`years-${d.memberId}`}>Continuous years of membership</Label>
        <Input
          id={`years-${d.memberId}`}
          inputMode="numeric"
          className="max-w-32"
          value={years}
          onChange={(e) => setYears(e.target.value)}
          aria-invalid={yearsBad || undefined}
          aria-describedby={yearsBad ? `years-${d.memberId}-error` : undefined}
        />
        {yearsBad ? (
          <p id={`years-${d.memberId}-error`} className="text-base text-flag-red-800">
            Enter a whole number of years, or leave it blank.
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`kin-${d.memberId}`}>Next of kin (private, never shown)</Label>
        <Input id={`kin-${d.memberId}`} value={kin} onChange={(e) => setKin(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`ceremony-${d.memberId}`}>Post Everlasting ceremony</Label>
        <Input id={`ceremony-${d.memberId}`} type="date" value={ceremony} onChange={(e) => setCeremony(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={update.isPending || yearsBad}
          onClick={() => void run(() => update.mutateAsync({ ...fields(), ceremonyDate: ceremony || null }), 'Entry saved')}
        >
          Save
        </Button>
        {d.published ? (
          <Button
            variant="outline"
            disabled={unpublish.isPending}
            onClick={() => void run(() => unpublish.mutateAsync({ memberId: d.memberId }), 'Unpublished')}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            disabled={!consent || !d.deceasedOn || publish.isPending || yearsBad}
            onClick={() =>
              void run(async () => {
                await update.mutateAsync(fields());
                await publish.mutateAsync({ memberId: d.memberId, familyConsent: true, ceremonyDate: ceremony || null });
              }, 'Published')
            }
          >
            Publish
          </Button>
        )}
        {d.published ? (
          <Link to="/honor-roll/$id" params={{ id: String(d.memberId) }} className="inline-flex min-h-11 items-center underline underline-offset-4">
            View the public entry
          </Link>
        ) : null}
      </div>
    </li>
  );
}
