import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { parseId } from '@post/contracts/ids';
import { EmptyState, ErrorState, loadStatus } from '../../components/load-state.tsx';
import { Picture } from '../../components/picture.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { paragraphs } from '../../lib/news-text.ts';
import { orNull } from '../../lib/optional-query.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { longDay, serviceLine } from './honor-roll-text.ts';

const backLink = (
  <Link
    to="/honor-roll"
    className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
    data-no-print
  >
    <ArrowLeftIcon aria-hidden="true" className="size-4" />
    Back to the honor roll
  </Link>
);

/** /honor-roll/{id}: one departed member, with the photo and the obituary (decision 0065). */
export function HonorRollEntryPage({ id }: { id: string }) {
  const { timeZone } = useSiteSettings().data;
  const numericId = parseId(id);
  const entry = useQuery({ ...orNull(trpc.useUtils().honorRoll.byId.queryOptions({ id: numericId ?? 0 })), enabled: numericId !== undefined });
  const status = numericId === undefined ? 'empty' : loadStatus(entry);
  if (status === 'empty') {
    return (
      <Page title="Page Not Found">
        <EmptyState className="max-w-3xl">This page is not available.</EmptyState>
      </Page>
    );
  }
  if (status === 'error') {
    return (
      <Page title="Post Everlasting">
        <ErrorState className="max-w-3xl" onRetry={() => entry.refetch()} retrying={entry.isFetching} />
      </Page>
    );
  }
  if (!entry.data) return <p role="status">Loading...</p>;
  const e = entry.data;
  return (
    <div data-honor-roll>
      <Page before={<p className="mb-4">{backLink}</p>} title={`${e.firstName} ${e.lastName}`}>
        <article className="max-w-3xl">
          <p className="-mt-4 text-lg text-muted-foreground">{serviceLine(e)}</p>
          <p className="mb-6 text-lg">
            Died <time dateTime={e.deceasedOn}>{longDay(e.deceasedOn, timeZone)}</time>
          </p>
          {e.continuousYears || e.offices.length > 0 ? (
            // What the family agreed to show of the member's years in the post (decision 0095).
            <div className="mb-6 space-y-2 text-lg">
              {e.continuousYears ? (
                <p>
                  {e.continuousYears} continuous {e.continuousYears === 1 ? 'year' : 'years'} of membership
                </p>
              ) : null}
              {e.offices.length > 0 ? (
                <>
                  <h2 className="font-semibold">Offices held</h2>
                  <ul className="list-disc pl-6">
                    {e.offices.map((o) => (
                      <li key={o}>{o}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
          {e.image ? (
            <Picture
              image={e.image}
              alt={e.imageAlt ?? ''}
              sizes="(min-width: 24rem) 24rem, 100vw"
              priority
              className="mb-6 h-auto w-full max-w-sm rounded-md"
            />
          ) : null}
          {e.obituary ? (
            <div className="space-y-4 text-lg leading-relaxed">
              {paragraphs(e.obituary).map((p, i) => (
                <p key={i} className="whitespace-pre-line">
                  {p}
                </p>
              ))}
            </div>
          ) : null}
        </article>
      </Page>
    </div>
  );
}
