import { DownloadIcon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { buttonVariants } from '@post/ui/components/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { Page } from '../../../layout/page.tsx';
import { usePostFormat } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AdminTitle } from '../../../components/admin-title.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { IssueComposer } from './issue-composer.tsx';
import { SentIssues } from './sent-issues.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-state.tsx';

/**
 * The newsletter: write and send an issue (issue 19 #3), the issues sent with what became of
 * them, and the confirmed subscribers with a CSV download (decisions §5).
 */
export function NewsletterPage() {
  const f = usePostFormat();
  const list = trpc.newsletter.list.useQuery();
  const count = list.data?.length ?? 0;
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Newsletter"
      intro={
        list.data
          ? `${count} confirmed ${count === 1 ? 'subscriber' : 'subscribers'} from the footer's newsletter box. An address counts once its owner has pressed the button in the confirmation e-mail.`
          : undefined
      }
      actions={
        // A plain link: the server answers with a file download under the admin session.
        <a href="/api/admin/newsletter/subscribers.csv" download className={buttonVariants()}>
          <DownloadIcon aria-hidden="true" />
          Download CSV
        </a>
      }
    >
      <AdminTitle text="Newsletter" />
      <section aria-labelledby="compose-heading" className="mb-10 space-y-3">
        <h2 id="compose-heading" className="text-2xl font-semibold text-navy-800">
          Write an issue
        </h2>
        <IssueComposer subscribers={list.data ? count : undefined} />
      </section>
      <section aria-labelledby="issues-heading" className="mb-10 space-y-3">
        <h2 id="issues-heading" className="text-2xl font-semibold text-navy-800">
          Sent issues
        </h2>
        <SentIssues />
      </section>
      <h2 className="mb-3 text-2xl font-semibold text-navy-800">Subscribers</h2>
      {list.isPending ? (
        <LoadingState text={commonMessages.loading} />
      ) : list.error ? (
        <ErrorState message="Could not load the subscribers. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : count === 0 ? (
        <EmptyState>{newsletterMessages.noSubscribersYet}</EmptyState>
      ) : (
        <div className="rounded-lg border bg-card">
          <Table aria-label="Newsletter subscribers">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Email</TableHead>
                <TableHead scope="col">Subscribed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data!.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="break-all">
                    <a href={`mailto:${s.email}`} className="text-primary underline underline-offset-4">
                      {s.email}
                    </a>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{f.date(s.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Page>
  );
}
