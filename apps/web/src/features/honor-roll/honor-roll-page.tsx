import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PrinterIcon } from 'lucide-react';
import type { HonorRollEntry } from '@post/contracts/honor-roll';
import { Button } from '@post/ui/components/button';
import { EmptyState, ErrorState, loadStatus } from '../../components/load-state.tsx';
import { Picture } from '../../components/picture.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { orNull } from '../../lib/optional-query.ts';
import { byYear, longDay, serviceLine } from './honor-roll-text.ts';

/** /honor-roll: Post Everlasting, the post's departed members by year of death; prints for the ceremony (decision 0065). */
export function HonorRollPage() {
  const list = useQuery(orNull(trpc.useUtils().honorRoll.list.queryOptions()));
  const { postName: post, timeZone } = useSiteSettings().data;
  const status = loadStatus(list);
  if (status === 'empty' && list.data === null) {
    return (
      <Page title="Page Not Found">
        <EmptyState className="max-w-3xl">This page is not available.</EmptyState>
      </Page>
    );
  }
  return (
    <div data-honor-roll>
      <Page
        title="Post Everlasting"
        intro={`In honored memory of the members of ${post} who have gone before us.`}
        actions={
          <Button variant="outline" onClick={() => window.print()} data-no-print>
            <PrinterIcon aria-hidden="true" />
            Print the honor roll
          </Button>
        }
      >
        {status === 'error' ? (
          <ErrorState onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : status === 'loading' ? (
          <p role="status">Loading the honor roll...</p>
        ) : list.data && list.data.length === 0 ? (
          <EmptyState className="max-w-3xl">No names are on the honor roll.</EmptyState>
        ) : (
          <div className="space-y-10">
            {byYear(list.data ?? []).map((group) => (
              <section key={group.year} aria-labelledby={`year-${group.year}`} className="honor-roll-year">
                <h2 id={`year-${group.year}`} className="mb-4 border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800">
                  {group.year}
                </h2>
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {group.entries.map((e) => (
                    <Entry key={e.id} entry={e} timeZone={timeZone} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </Page>
    </div>
  );
}

function Entry({ entry: e, timeZone }: { entry: HonorRollEntry; timeZone: string }) {
  const name = `${e.firstName} ${e.lastName}`;
  return (
    <li className="honor-roll-entry flex gap-4 rounded-lg border bg-card p-4">
      {e.image ? <Picture image={e.image} alt={e.imageAlt ?? ''} sizes="6rem" className="h-28 w-24 shrink-0 rounded-md object-cover" /> : null}
      <div className="min-w-0">
        <h3 className="text-xl font-semibold text-navy-900">
          <Link to="/honor-roll/$id" params={{ id: String(e.id) }} className="text-navy-800 underline decoration-2 underline-offset-4 hover:decoration-gold">
            {name}
          </Link>
        </h3>
        <p className="text-base text-muted-foreground">{serviceLine(e)}</p>
        <p className="mt-1 text-base">
          Died <time dateTime={e.deceasedOn}>{longDay(e.deceasedOn, timeZone)}</time>
        </p>
      </div>
    </li>
  );
}
