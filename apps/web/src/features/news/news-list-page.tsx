import { Link } from '@tanstack/react-router';
import { Picture } from '../../components/picture.tsx';
import { newsMessages } from '@post/contracts/messages/news';
import type { News } from '@post/contracts/news';
import { Badge } from '@post/ui/components/badge';
import { Skeleton } from '@post/ui/components/skeleton';
import { LoadState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { excerpt } from '../../lib/news-text.ts';

/** Newest first, whatever order they arrive in. */
export function newestFirst(items: News[]): News[] {
  return [...items].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
}

/** /news: every news item, newest first (decisions §3). */
export function NewsListPage() {
  const news = trpc.news.list.useQuery();
  const settings = useSiteSettings().data;
  return (
    <Page title="Post News" intro={`News and announcements from ${settings.postName}.`}>
      <LoadState
        query={news}
        loadingText={newsMessages.loading}
        empty={newsMessages.noneAvailable}
        isEmpty={(d) => d.length === 0}
        skeleton={
          <div className="grid gap-4 md:grid-cols-2">
            {[0, 1, 2].map((i) => (
              <NewsItemSkeleton key={i} />
            ))}
          </div>
        }
      >
        {(items) => (
          // Two columns on a wide screen, not one narrow column beside empty space (issue 46 #8).
          <ul className="grid gap-4 md:grid-cols-2">
            {newestFirst(items).map((n, i) => (
              <li key={n.id} className="flex flex-col [&>article]:flex-1">
                {/* The first item's photo is the page's largest paint on a phone: fetched at once. */}
                <NewsSummary item={n} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}

/** One news item in a list: title (a link), date, excerpt. */
export function NewsSummary({
  item,
  headingLevel = 2,
  excerptLength = 220,
  plain = false,
  priority = false,
}: {
  item: News;
  headingLevel?: 2 | 3 | 4;
  excerptLength?: number;
  /** Without its own border (inside another panel). */
  plain?: boolean;
  /** Its photo is the largest thing above the fold (see Picture). */
  priority?: boolean;
}) {
  const f = usePostFormat();
  const H = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <article className={plain ? '' : 'rounded-xl border bg-card p-5 shadow-sm'}>
      {item.image ? (
        <Picture
          image={item.image}
          alt={item.imageAlt ?? ''}
          sizes="(min-width: 48rem) 36rem, 100vw"
          priority={priority}
          className="mb-3 aspect-video h-auto w-full rounded-lg object-cover"
        />
      ) : null}
      <H className="text-xl leading-snug font-bold text-navy-800">
        <Link to="/news/$id" params={{ id: String(item.id) }} className="underline-offset-4 hover:underline">
          {item.title}
        </Link>
      </H>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-base text-muted-foreground">
        <time dateTime={item.publishDate}>{f.date(item.publishDate)}</time>
        {item.featured ? <Badge variant="warning">Featured</Badge> : null}
      </p>
      <p className="mt-2 text-base">{excerpt(item.content, excerptLength)}</p>
      <Link
        to="/news/$id"
        params={{ id: String(item.id) }}
        className="mt-2 inline-block font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2"
      >
        Read more<span className="sr-only">: {item.title}</span>
      </Link>
    </article>
  );
}

/** Placeholder the size of a news summary. */
export function NewsItemSkeleton({ plain = false }: { plain?: boolean }) {
  return (
    <div className={plain ? 'space-y-2' : 'space-y-2 rounded-xl border p-5'}>
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-5 w-24" />
    </div>
  );
}
