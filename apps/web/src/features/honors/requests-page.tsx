import { Link } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { honorsMessages as m } from '@post/contracts/messages/honors';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { STATE_CLASS } from './labels.ts';
import { usePostFormat } from '../../lib/format.ts';

/** /admin/honors (decision 0088): every funeral honors request, soonest service first, each opening its detail page. */
export function HonorsRequestsPage() {
  const { dateTime } = usePostFormat();
  const list = trpc.honors.list.useQuery();
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Funeral Honors"
      intro="Requests from families and funeral homes, and the details the post sends."
      actions={
        <Link to="/funeral-honors" className={buttonVariants({ variant: 'outline' })}>
          <PlusIcon aria-hidden="true" />
          Record a phoned-in request
        </Link>
      }
    >
      <AdminTitle text="Funeral Honors" />
      {list.data ? (
        list.data.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-lg text-muted-foreground">No requests yet. A request sent from the public page appears here.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Requests">
            {list.data.map((r) => (
              <li
                key={r.id}
                className="relative rounded-xl border bg-card p-4 shadow-sm focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-navy-400"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className={cn('rounded px-2 py-0.5 text-sm font-semibold', STATE_CLASS[r.state])}>{m.states[r.state]}</span>
                  <span className="text-base text-muted-foreground">{dateTime(r.serviceAt)}</span>
                </div>
                <h2 className="mt-1 text-xl font-semibold">
                  <Link
                    to="/admin/honors/$id"
                    params={{ id: String(r.id) }}
                    className="text-navy-800 outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
                  >
                    {r.deceasedName}
                  </Link>
                </h2>
                <p className="text-base">{r.location}</p>
              </li>
            ))}
          </ul>
        )
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <LoadingState text="Loading requests..." />
      )}
    </Page>
  );
}
