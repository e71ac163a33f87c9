import { useState } from 'react';
import { Picture } from '../../components/picture.tsx';
import { HandHeartIcon } from 'lucide-react';
import type { CommunityEngagement } from '@post/contracts/community-engagements';
import { Badge } from '@post/ui/components/badge';
import { Skeleton } from '@post/ui/components/skeleton';
import { cn } from '@post/ui/lib/utils';
import { usePostFormat } from '../../lib/format.ts';

/** The highlight's date, or today when it has none that reads (spec §2). */
function dateOf(e: CommunityEngagement): string {
  return e.date && !Number.isNaN(Date.parse(e.date)) ? e.date : new Date().toISOString();
}

/** A community engagement highlight: image (or a gradient icon), title, date, description, tags. */
export function EngagementHighlight({
  engagement,
  headingLevel = 3,
  layout = 'stacked',
}: {
  engagement: CommunityEngagement;
  headingLevel?: 2 | 3 | 4;
  layout?: 'stacked' | 'side';
}) {
  const f = usePostFormat();
  const [imageFailed, setImageFailed] = useState(false);
  const H = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const date = dateOf(engagement);
  return (
    <article data-slot="engagement" className={cn('flex flex-col gap-4', layout === 'side' && 'sm:flex-row')}>
      <div className={cn('aspect-video w-full shrink-0 overflow-hidden rounded-lg', layout === 'side' && 'sm:w-64')}>
        {engagement.image ? (
          <Picture
            image={engagement.image}
            alt={engagement.imageAlt ?? ''}
            sizes={layout === 'side' ? '(min-width: 40rem) 16rem, 100vw' : '(min-width: 72rem) 36rem, 100vw'}
            className="size-full object-cover"
          />
        ) : engagement.imageUrl && !imageFailed ? (
          <img
            src={engagement.imageUrl}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setImageFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <div data-slot="engagement-icon" className="flex size-full items-center justify-center bg-gradient-to-br from-navy-800 via-navy-600 to-flag-red-600">
            <HandHeartIcon aria-hidden="true" className="size-16 text-white" />
          </div>
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <H className="text-xl leading-snug font-bold text-navy-800">{engagement.title}</H>
        <p className="text-base text-muted-foreground">
          <time dateTime={date}>{f.longDate(date)}</time>
        </p>
        <p className="text-base">{engagement.description}</p>
        {engagement.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {engagement.tags.map((t) => (
              <li key={t}>
                <Badge variant="secondary">{t}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** Placeholder the size of a stacked highlight. */
export function EngagementSkeleton() {
  return (
    <div className="space-y-3">
      <Skeleton className="aspect-video w-full rounded-lg!" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <div className="flex gap-2">
        <Skeleton className="h-6 w-20 rounded-full!" />
        <Skeleton className="h-6 w-24 rounded-full!" />
      </div>
    </div>
  );
}
