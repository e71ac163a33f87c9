import { DownloadIcon, PrinterIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS } from '@post/contracts/enums/payment-method';
import { RENEWAL_GROUPS, type RenewalRow } from '@post/contracts/renewals';
import { dayText } from '@post/contracts/rules/dues';
import { Button, buttonVariants } from '@post/ui/components/button';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { BackLink } from '../../components/back-link.tsx';
import { AdminTitle } from '../../components/admin-title.tsx';
import { ContactNoteForm } from './contact-note-form.tsx';
import { RemindersSection } from './reminders-section.tsx';
import { RenewalProgress } from './renewal-progress.tsx';
import { RosterImport } from '../members/roster-import.tsx';

/**
 * /admin/renewals (issue 45 #4): the membership chair's phone tree. Who is due, who lapsed this
 * year and last year, each with last payment, phone, e-mail and the latest "contacted" note; a CSV
 * and a printed call sheet (decision 0065).
 */
export function RenewalsPage() {
  const renewals = trpc.renewals.list.useQuery();
  return (
    <div data-call-sheet>
      <Page
        before={<BackLink to="/admin/user-management">Back to User Management</BackLink>}
        title="Renewals"
        intro="Members to call about renewing their membership, and former members to invite back. Life Members and departed members are not listed."
        actions={
          <div className="flex flex-wrap gap-2" data-no-print>
            <a href="/api/admin/renewals.csv" download className={buttonVariants({ variant: 'outline' })}>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Print call sheet
            </Button>
            <RosterImport />
          </div>
        }
      >
        <AdminTitle text="Renewals" />
        {renewals.data ? (
          <div className="space-y-10">
            <RenewalProgress progress={renewals.data.progress} />
            {RENEWAL_GROUPS.map(([key, label]) => (
              <Group key={key} id={key} title={label} rows={renewals.data[key]} />
            ))}
            <RemindersSection />
          </div>
        ) : renewals.isError ? (
          <ErrorState onRetry={() => void renewals.refetch()} retrying={renewals.isFetching} />
        ) : (
          <LoadingState text="Loading renewals..." />
        )}
      </Page>
    </div>
  );
}

function Group({ id, title, rows }: { id: string; title: string; rows: RenewalRow[] }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="call-sheet-group">
      <h2 id={`${id}-heading`} className="mb-3 border-b-2 border-gold pb-1 text-2xl font-bold text-navy-800">
        {title} <span className="text-lg font-normal text-muted-foreground">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="text-base text-muted-foreground">Nobody.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={title}>
          {rows.map((r) => (
            <Row key={r.memberId} row={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function lastPaymentText(p: RenewalRow['lastPayment']): string {
  if (!p) return 'None recorded';
  const amount = p.amount === null ? '' : `$${p.amount.toFixed(2)}, `;
  return `${p.year}: ${amount}${PAYMENT_METHOD_LABELS[p.method].toLowerCase()}, paid ${p.paidOn}`;
}

function Row({ row: r }: { row: RenewalRow }) {
  const name = `${r.firstName} ${r.lastName}`;
  return (
    <li className="call-sheet-row rounded-lg border bg-card p-4" aria-label={name}>
      <p className="text-lg font-semibold text-navy-900">
        {name} <span className="text-base font-normal text-muted-foreground">#{r.membershipNumber}</span>
      </p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-base">
        <dt className="text-muted-foreground">Phone</dt>
        <dd>
          {r.phone ? (
            <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-11 items-center underline underline-offset-4">
              {r.phone}
            </a>
          ) : (
            'None on file'
          )}
        </dd>
        <dt className="text-muted-foreground">Email</dt>
        <dd className="[overflow-wrap:anywhere]">
          {/* A long address wraps at 320 px; the link is as tall as the phone's (decision 0087). */}
          <a href={`mailto:${r.email}`} className="inline-flex min-h-11 items-center underline underline-offset-4">
            {r.email}
          </a>
        </dd>
        <dt className="text-muted-foreground">Paid through</dt>
        <dd>{r.paidThroughOn ? dayText(r.paidThroughOn) : (r.paidThrough ?? 'No year recorded')}</dd>
        <dt className="text-muted-foreground">Last payment</dt>
        <dd>{lastPaymentText(r.lastPayment)}</dd>
        <dt className="text-muted-foreground">Contacted</dt>
        <dd>{r.lastContact ? `${r.lastContact.contactedOn}: ${r.lastContact.note}` : 'Not yet'}</dd>
      </dl>
      <ContactNoteForm memberId={r.memberId} name={name} />
      {/* The printed call sheet has room to write the outcome and a payment (decision 0086). */}
      <p className="call-sheet-blank hidden print:block">Outcome: ______________________ Paid: $______ for ______ by ______</p>
    </li>
  );
}
