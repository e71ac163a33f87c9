import { communityMessages } from '@post/contracts/messages/community';
import { Skeleton } from '@post/ui/components/skeleton';
import { LoadState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { EngagementHighlight } from './engagement-highlight.tsx';

/** /community: the active highlight first, then the past ones, newest first (decisions §3). */
export function CommunityPage() {
  const list = trpc.communityEngagements.list.useQuery();
  const settings = useSiteSettings().data;
  return (
    <Page title="Community Programs" intro={`How the members of ${settings.postName} serve ${settings.town || 'our community'} and beyond.`}>
      <LoadState
        query={list}
        loadingText={communityMessages.loading}
        empty={communityMessages.noneAvailable}
        isEmpty={(d) => d.length === 0}
        skeleton={
          <div className="space-y-6">
            {[0, 1].map((i) => (
              <div key={i} className="flex flex-col gap-4 rounded-xl border p-5 sm:flex-row">
                <Skeleton className="aspect-video w-full rounded-lg! sm:w-64" />
                <div className="flex-1 space-y-3">
                  <Skeleton className="h-6 w-3/4" />
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              </div>
            ))}
          </div>
        }
      >
        {(items) => {
          const sorted = [...items].sort((a, b) => Number(b.active) - Number(a.active) || Date.parse(b.date) - Date.parse(a.date));
          const current = sorted.filter((e) => e.active);
          const past = sorted.filter((e) => !e.active);
          return (
            <div className="space-y-10">
              {current.length > 0 ? (
                <section aria-labelledby="community-current">
                  <h2 id="community-current" className="mb-4 text-2xl font-bold text-navy-800">
                    Current Highlight
                  </h2>
                  {current.map((e) => (
                    <div key={e.id} className="rounded-xl border-2 border-gold bg-card p-5 shadow-sm">
                      <EngagementHighlight engagement={e} layout="side" />
                    </div>
                  ))}
                </section>
              ) : null}
              {past.length > 0 ? (
                <section aria-labelledby="community-past">
                  <h2 id="community-past" className="mb-4 text-2xl font-bold text-navy-800">
                    Past Programs
                  </h2>
                  <ul className="space-y-6">
                    {past.map((e) => (
                      <li key={e.id} className="rounded-xl border bg-card p-5 shadow-sm">
                        <EngagementHighlight engagement={e} layout="side" />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          );
        }}
      </LoadState>
    </Page>
  );
}
