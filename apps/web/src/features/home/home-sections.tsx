import type * as React from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import { commanderMessages } from '@post/contracts/messages/commander';
import { communityMessages } from '@post/contracts/messages/community';
import { eventMessages } from '@post/contracts/messages/events';
import { newsMessages } from '@post/contracts/messages/news';
import { Skeleton } from '@post/ui/components/skeleton';
import { cn } from '@post/ui/lib/utils';
import { useQuery } from '@tanstack/react-query';
import { LoadState } from '../../components/load-state.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CommanderByline, CommanderMessageBody, useCommanderMessage } from '../commander-message/commander-message.tsx';
import { EngagementHighlight, EngagementSkeleton } from '../community/engagement-highlight.tsx';
import { orNull } from '../../lib/optional-query.ts';
import { EventCard, EventCardSkeleton } from '../events/event-card.tsx';
import { newestFirst, NewsItemSkeleton, NewsSummary } from '../news/news-list-page.tsx';

/** Cards on the home page: two rows of the 3-column grid. */
export const HOME_EVENT_LIMIT = 6;
/** Phones show the next three events; two columns four; three columns six (two full rows). */
function moreOnWide(i: number): string {
  return i >= 4 ? 'hidden lg:flex' : i >= 3 ? 'hidden md:flex' : 'flex';
}

/** News items on the home page (spec §9). */
export const HOME_NEWS_LIMIT = 3;

const moreLink = 'inline-flex items-center gap-1.5 font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2';

function SectionHeader({ id, title, link }: { id: string; title: string; link: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <h2 id={id} className="text-2xl font-bold text-navy-800 sm:text-3xl">
        {title}
      </h2>
      {link}
    </div>
  );
}

/** Upcoming Events: cards in a 3-column grid on wide screens (spec §2). */
export function UpcomingEventsSection() {
  const upcoming = trpc.events.upcoming.useQuery();
  return (
    <section aria-labelledby="upcoming-heading" className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        id="upcoming-heading"
        title="Upcoming Events"
        link={
          <Link to="/events" className={moreLink}>
            See all events
            <ArrowRightIcon aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <LoadState
        query={upcoming}
        loadingText={eventMessages.loading}
        empty={eventMessages.noUpcoming}
        isEmpty={(d) => d.length === 0}
        skeleton={
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: HOME_EVENT_LIMIT }, (_, i) => (
              <div key={i} className={cn('[&>*]:w-full', moreOnWide(i))}>
                <EventCardSkeleton />
              </div>
            ))}
          </div>
        }
      >
        {(events) => (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {[...events]
              .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))
              .slice(0, HOME_EVENT_LIMIT)
              .map((e, i) => (
                <li key={e.id} className={moreOnWide(i)}>
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <EventCard event={e} />
                  </div>
                </li>
              ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}

/** Commander's Message: initials, the message (sanitized HTML), the commander's name, and the way to the full text. */
export function CommanderMessageSection() {
  const { message, name, nameLoading } = useCommanderMessage();
  return (
    <section aria-labelledby="commander-heading" className="bg-navy-50">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="commander-heading" className="mb-5 text-2xl font-bold text-navy-800 sm:text-3xl">
          Commander's Message
        </h2>
        <LoadState
          query={message}
          loadingText={commanderMessages.loading}
          empty={commanderMessages.noneAvailable}
          className="bg-card!"
          skeleton={
            <div className="space-y-4 rounded-xl border bg-card p-6">
              <div className="flex items-center gap-3">
                <Skeleton className="size-14 rounded-full!" />
                <Skeleton className="h-6 w-48" />
              </div>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className={i === 5 ? 'h-5 w-1/2' : 'h-5 w-full'} />
              ))}
            </div>
          }
        >
          {(m) => (
            <article className="rounded-xl border-l-4 border-l-flag-red-600 bg-card p-6 shadow-sm">
              <CommanderByline name={name} loading={nameLoading} className="mb-4" />
              <CommanderMessageBody content={m.content} className="line-clamp-[10]" />
              <p className="mt-4">
                <Link to="/commander-message" className={moreLink}>
                  Read full message
                  <ArrowRightIcon aria-hidden="true" className="size-4" />
                </Link>
              </p>
            </article>
          )}
        </LoadState>
      </div>
    </section>
  );
}

/** Post Updates: Latest News and the Community Engagement highlight. */
export function PostUpdatesSection() {
  const news = trpc.news.list.useQuery();
  const engagement = useQuery(orNull(trpc.useUtils().communityEngagements.active.queryOptions()));
  return (
    <section aria-labelledby="updates-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="updates-heading" className="mb-6 text-2xl font-bold text-navy-800 sm:text-3xl">
        Post Updates
      </h2>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="news-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
            <h3 id="news-heading" className="text-xl font-bold text-navy-800">
              Latest News
            </h3>
            <Link to="/news" className={moreLink}>
              View all news
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <LoadState
            query={news}
            loadingText={newsMessages.loading}
            empty={newsMessages.noneAvailable}
            isEmpty={(d) => d.length === 0}
            skeleton={
              <div className="divide-y [&>*]:py-4 [&>*:first-child]:pt-0">
                {Array.from({ length: HOME_NEWS_LIMIT }, (_, i) => (
                  <NewsItemSkeleton key={i} plain />
                ))}
              </div>
            }
          >
            {(items) => (
              <ul className="divide-y [&>li]:py-4 [&>li:first-child]:pt-0">
                {newestFirst(items)
                  .slice(0, HOME_NEWS_LIMIT)
                  .map((n) => (
                    <li key={n.id}>
                      <NewsSummary item={n} headingLevel={4} excerptLength={140} plain />
                    </li>
                  ))}
              </ul>
            )}
          </LoadState>
        </section>
        <section aria-labelledby="engagement-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
            <h3 id="engagement-heading" className="text-xl font-bold text-navy-800">
              Community Engagement
            </h3>
            <Link to="/community" className={moreLink}>
              View all community programs
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <LoadState query={engagement} loadingText={communityMessages.loading} empty={communityMessages.noneAvailable} skeleton={<EngagementSkeleton />}>
            {(e) => <EngagementHighlight engagement={e} headingLevel={4} />}
          </LoadState>
        </section>
      </div>
    </section>
  );
}
