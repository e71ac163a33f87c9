import { Link } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { orNull } from '../../lib/optional-query.ts';
import { ArrowLeftIcon } from 'lucide-react';
import { newsMessages } from '@post/contracts/messages/news';
import { Badge } from '@post/ui/components/badge';
import { Skeleton } from '@post/ui/components/skeleton';
import { EmptyState, ErrorState, loadStatus } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import { NewsBody } from './news-body.tsx';
import { Picture } from '../../components/picture.tsx';

const backLink = (
  <Link to="/news" className="inline-flex items-center gap-2 font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2">
    <ArrowLeftIcon aria-hidden="true" className="size-4" />
    Back to all news
  </Link>
);

/** /news/{id}: one news item in full, or a not-found state with the way back. */
export function NewsItemPage({ id }: { id: string }) {
  const numericId = parseId(id);
  const item = useQuery({ ...orNull(trpc.useUtils().news.byId.queryOptions({ id: numericId ?? 0 })), enabled: numericId !== undefined });
  const f = usePostFormat();
  const status = numericId === undefined ? 'empty' : loadStatus(item);

  if (status === 'empty') {
    return (
      <Page title={newsMessages.notFound}>
        <EmptyState className="max-w-3xl">
          <p className="mb-4">This news item does not exist or has been removed.</p>
          {backLink}
        </EmptyState>
      </Page>
    );
  }
  if (status === 'error') {
    return (
      <Page title="Post News">
        <ErrorState className="max-w-3xl" onRetry={() => item.refetch()} retrying={item.isFetching} />
        <p className="mt-4">{backLink}</p>
      </Page>
    );
  }
  if (status === 'loading' || !item.data) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8" aria-busy="true">
        <p role="status" className="sr-only">
          Loading news item...
        </p>
        <div className="max-w-3xl space-y-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className={i % 3 === 2 ? 'h-5 w-2/3' : 'h-5 w-full'} />
          ))}
        </div>
      </div>
    );
  }
  const n = item.data;
  return (
    <Page title={n.title}>
      <article className="max-w-3xl">
        <p className="-mt-4 mb-6 flex flex-wrap items-center gap-2 text-base text-muted-foreground">
          Published <time dateTime={n.publishDate}>{f.longDate(n.publishDate)}</time>
          {n.featured ? <Badge variant="warning">Featured</Badge> : null}
        </p>
        {n.image ? (
          <Picture image={n.image} alt={n.imageAlt ?? ''} sizes="(min-width: 48rem) 48rem, 100vw" priority className="mb-6 h-auto w-full rounded-md" />
        ) : null}
        <NewsBody content={n.content} />
        <p className="mt-8">{backLink}</p>
      </article>
    </Page>
  );
}
