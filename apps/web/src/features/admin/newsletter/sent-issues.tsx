import { commonMessages } from '@post/contracts/messages/common';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { usePostFormat } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-state.tsx';

const count = new Intl.NumberFormat('en-US');

/** Issues sent, newest first, with how many copies went out, failed, wait, and unsubscribed. */
export function SentIssues() {
  const f = usePostFormat();
  // While copies are still going out, the counts follow them.
  const issues = trpc.newsletter.issues.useQuery(undefined, { refetchInterval: (q) => (q.state.data?.some((i) => i.pending > 0) ? 3000 : false) });
  if (issues.isPending) return <LoadingState text={commonMessages.loading} />;
  if (issues.error)
    return <ErrorState message="Could not load the issues. Please try again." onRetry={() => void issues.refetch()} retrying={issues.isFetching} />;
  if (issues.data.length === 0) return <EmptyState>No issues sent yet.</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <Table aria-label="Sent issues">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Subject</TableHead>
            <TableHead scope="col">Sent</TableHead>
            <TableHead scope="col" className="text-right!">
              Recipients
            </TableHead>
            <TableHead scope="col" className="text-right!">
              Delivered
            </TableHead>
            <TableHead scope="col" className="text-right!">
              Failed
            </TableHead>
            <TableHead scope="col" className="text-right!">
              Waiting
            </TableHead>
            <TableHead scope="col" className="text-right!">
              Unsubscribed
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {issues.data.map((i) => (
            <TableRow key={i.id}>
              <TableCell className="min-w-40 font-medium break-words">{i.subject}</TableCell>
              <TableCell className="whitespace-nowrap">
                {f.date(i.createdAt)}
                {i.sentBy ? <span className="block text-sm text-muted-foreground">by {i.sentBy}</span> : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{count.format(i.recipients)}</TableCell>
              <TableCell className="text-right tabular-nums">{count.format(i.sent)}</TableCell>
              <TableCell className={`text-right tabular-nums ${i.failed ? 'font-semibold text-flag-red-800' : ''}`}>{count.format(i.failed)}</TableCell>
              <TableCell className="text-right tabular-nums">{count.format(i.pending)}</TableCell>
              <TableCell className="text-right tabular-nums">{count.format(i.unsubscribed)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
