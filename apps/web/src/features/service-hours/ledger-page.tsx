import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CheckIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { ServiceEntryStatus } from '@post/contracts/enums/service-entry-status';
import { currentProgramYear, programYearLabel } from '@post/contracts/rules/program-year';
import type { ServiceEntry } from '@post/contracts/service-hours';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { Picture } from '../../components/picture.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, trpc } from '../../lib/trpc.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { AdminTable, DeleteButton } from '../../components/admin-table.tsx';
import { Pager, SearchBox } from '../../components/list-controls.tsx';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { dayText, hoursText } from './format.ts';

/** The ledger's filter in the URL: /admin/service-hours?status=pending&year=2025&q=va&page=2. */
export interface LedgerSearch {
  q?: string;
  status?: ServiceEntryStatus;
  categoryId?: number;
  year?: number;
  page?: number;
}

/** The hours ledger (issue 44): service without an event, members' own entries to approve, add/edit/delete. */
export function LedgerPage({ search }: { search: LedgerSearch }) {
  const settings = useSiteSettings().data;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const list = trpc.serviceHours.list.useQuery(
    { q: search.q, status: search.status ?? 'all', categoryId: search.categoryId, year: search.year, page },
    { placeholderData: keepPreviousData },
  );
  const categories = trpc.serviceHours.categories.useQuery();
  const [editing, setEditing] = useState<ServiceEntry | 'new' | null>(null);
  const go = (next: LedgerSearch) => void navigate({ to: '/admin/service-hours', search: { ...search, ...next }, resetScroll: false });
  const current = currentProgramYear(new Date(), settings.serviceYearStartMonth, settings.timeZone);
  const filterSelect = (id: string, label: string, value: string, options: { value: string; label: string }[], onPick: (v: string) => void) => (
    <div className="w-full sm:w-56">
      <label htmlFor={id} className="mb-1 block text-base font-semibold">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onPick(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Service Hours"
      intro="Service that had no event, and members' own entries waiting for approval. Check-in at events adds its own hours."
      actions={
        <Button onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          Add service
        </Button>
      }
    >
      <AdminTitle text="Service Hours" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        {filterSelect(
          'ledger-status',
          'Show',
          search.status ?? '',
          [
            { value: '', label: 'All entries' },
            { value: 'pending', label: 'Waiting for approval' },
            { value: 'approved', label: 'Approved' },
          ],
          (v) => go({ status: (v || undefined) as LedgerSearch['status'], page: undefined }),
        )}
        {filterSelect(
          'ledger-category',
          'Category',
          search.categoryId ? String(search.categoryId) : '',
          [{ value: '', label: 'All categories' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
          (v) => go({ categoryId: v ? Number(v) : undefined, page: undefined }),
        )}
        {filterSelect(
          'ledger-year',
          'Program year',
          search.year ? String(search.year) : '',
          [
            { value: '', label: 'All years' },
            ...Array.from({ length: 6 }, (_, i) => current - i).map((y) => ({ value: String(y), label: programYearLabel(y, settings.serviceYearStartMonth) })),
          ],
          (v) => go({ year: v ? Number(v) : undefined, page: undefined }),
        )}
        <SearchBox label="Search entries" placeholder="Name or note" value={search.q ?? ''} onSearch={(q) => go({ q: q || undefined, page: undefined })} />
      </div>
      <AdminTable
        label="Service entries"
        query={{ data: list.data?.items, isPending: list.isPending, error: list.error, refetch: list.refetch }}
        empty={search.q || search.status || search.categoryId || search.year ? 'No entries match this filter.' : 'No service has been logged yet.'}
        columns={[
          { header: 'Date', cell: (e) => <span className="md:whitespace-nowrap">{dayText(e.serviceDate)}</span> },
          {
            header: 'Who',
            cell: (e) => (
              <span className="flex items-start gap-3">
                {/* The documentation photo, small; the Edit dialog shows it larger. */}
                {e.image ? (
                  <span className="shrink-0">
                    <Picture image={e.image} alt={e.imageAlt ?? ''} sizes="64px" className="size-16 rounded object-cover" />
                  </span>
                ) : null}
                <span className="min-w-0">
                  <span className="block font-semibold">{e.name}</span>
                  {e.note ? <span className="block text-sm text-muted-foreground">{e.note}</span> : null}
                </span>
              </span>
            ),
          },
          { header: 'Category', cell: (e) => e.categoryName },
          { header: 'Hours', cell: (e) => `${hoursText(e.hours)}${e.miles ? ` (${hoursText(e.miles)} mi)` : ''}` },
          {
            header: 'Status',
            cell: (e) => (e.approved ? <Badge variant="secondary">Approved</Badge> : <Badge variant="outline">Waiting for approval</Badge>),
          },
        ]}
        actions={(e) => <RowActions entry={e} onEdit={() => setEditing(e)} />}
      />
      {list.data && list.data.total > 0 ? (
        <Pager
          label="Service entries"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(p) => go({ page: p === 1 ? undefined : p })}
        />
      ) : null}
      <EntryDialog open={editing !== null} entry={editing === 'new' || editing === null ? undefined : editing} onOpenChange={(o) => !o && setEditing(null)} />
    </Page>
  );
}

function RowActions({ entry, onEdit }: { entry: ServiceEntry; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const approve = trpc.serviceHours.approve.useMutation();
  const remove = trpc.serviceHours.remove.useMutation();
  const label = `${entry.name}, ${dayText(entry.serviceDate)}`;
  return (
    <>
      {entry.approved ? null : (
        <Button
          size="sm"
          aria-label={`Approve ${label}`}
          disabled={approve.isPending}
          onClick={async () => {
            try {
              await approve.mutateAsync({ id: entry.id });
              toast.success('Approved', { description: label });
              await utils.serviceHours.list.invalidate();
            } catch (err) {
              toast.error(serverMessage(err) ?? 'Could not approve. Please try again.');
            }
          }}
        >
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
      )}
      <Button variant="outline" size="sm" aria-label={`Edit ${label}`} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
      <DeleteButton
        name={label}
        question="Delete this entry?"
        description={`The service of ${label} will be removed from the ledger and the report. This cannot be undone.`}
        busy={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: entry.id });
            toast.success('Entry deleted');
            await utils.serviceHours.list.invalidate();
          } catch (err) {
            toast.error(serverMessage(err) ?? 'Could not delete. Please try again.');
          }
        }}
      />
    </>
  );
}
