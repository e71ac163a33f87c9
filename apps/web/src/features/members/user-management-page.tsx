import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import type { z } from 'zod';
import type { DuesStatus } from '@post/contracts/enums/dues-status';
import type { MemberStatus } from '@post/contracts/enums/member-status';
import type { Member, PostRoleFilter } from '@post/contracts/members';
import { memberMessages } from '@post/contracts/messages/members';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { ErrorState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { FilterSelect } from '../../components/list-controls.tsx';
import { DUES_OPTIONS, POST_ROLE_OPTIONS } from './labels.ts';
import { MemberDialog, memberDraftKey } from './member-dialog.tsx';
import { CsvTools } from './member-csv-tools.tsx';
import { Directory } from './member-directory.tsx';
import { formDraftKeys, hasFormDraft } from '../../lib/use-form-draft.ts';

/** The directory's search and filters, kept in the address so a reload or Back keeps them. */
export interface DirectoryFilters {
  q?: string;
  status?: MemberStatus;
  role?: PostRoleFilterValue;
  dues?: DuesStatus;
}

type PostRoleFilterValue = z.infer<typeof PostRoleFilter>;
type DialogState = { open: false; member?: Member } | { open: true; member?: Member };

/** User Management: the member directory with search, filters, CSV export and import, and the member dialog (spec §2). */
export function UserManagementPage({ filters, onFiltersChange }: { filters: DirectoryFilters; onFiltersChange: (f: DirectoryFilters) => void }) {
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [text, setText] = useState(filters.q ?? '');
  // The search box updates the address (and so the query) once typing pauses.
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => onFiltersChange({ ...filters, q }), 300);
    return () => clearTimeout(timer);
  }, [text, filters, onFiltersChange]);

  const input = { q: filters.q, status: filters.status, postRole: filters.role, duesStatus: filters.dues };
  const members = trpc.members.list.useQuery(input, { placeholderData: keepPreviousData });
  const filtered = Boolean(filters.q || filters.status || filters.role || filters.dues);

  // A member form left unsaved by a reload or a lapsed session: open the dialog again, once the
  // directory has loaded (an edit needs its member), so that the draft comes back. Decided in
  // the render that brings the directory, not in an effect after it (decision 0067).
  const [reopenChecked, setReopenChecked] = useState(false);
  if (!reopenChecked && members.data) {
    setReopenChecked(true);
    const list = members.data;
    const edited = hasFormDraft(memberDraftKey())
      ? null
      : formDraftKeys('member:')
          .map((k) => list.find((m) => memberDraftKey(m) === k))
          .find((m) => m !== undefined);
    if (edited === null) setDialog({ open: true });
    else if (edited) setDialog({ open: true, member: edited });
  }

  return (
    <Page
      title="User Management"
      intro="Manage the post’s members, their post roles and their access to the member portal."
      actions={
        <>
          <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
          <Link to="/admin/renewals" className={buttonVariants({ variant: 'outline' })}>
            Renewals
          </Link>
          <Button data-add-member onClick={() => setDialog({ open: true })}>
            <PlusIcon aria-hidden="true" />
            Add Member
          </Button>
        </>
      }
    >
      <>
        <title>User Management</title>
      </>
      <section aria-labelledby="directory-heading" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <h2 id="directory-heading" className="text-2xl font-bold text-navy-800">
            Member Directory
          </h2>
          <CsvTools />
        </div>
        <div role="search" aria-label="Member search and filters" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="flex flex-col gap-2">
            <Label htmlFor="member-search">Search members</Label>
            <Input
              id="member-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name, membership # or email"
              autoComplete="off"
            />
          </div>
          <FilterSelect
            id="filter-status"
            label="Status"
            value={filters.status ?? ''}
            onChange={(v) => onFiltersChange({ ...filters, status: (v || undefined) as DirectoryFilters['status'] })}
            options={[
              { value: '', label: 'All members' },
              { value: 'active', label: 'Active (living members)' },
              { value: 'inactive', label: 'Inactive' },
              { value: 'deceased', label: 'Deceased (honor roll)' },
            ]}
          />
          <FilterSelect
            id="filter-role"
            label="Post Role"
            value={filters.role ?? ''}
            onChange={(v) => onFiltersChange({ ...filters, role: (v || undefined) as PostRoleFilterValue | undefined })}
            options={[
              { value: '', label: 'All roles' },
              { value: 'any', label: 'Any role (officers)' },
              ...POST_ROLE_OPTIONS.map((o) => (o.value === 'none' ? { value: 'none', label: memberMessages.noRoleAssigned } : o)),
            ]}
          />
          <FilterSelect
            id="filter-dues"
            label="Dues Status"
            value={filters.dues ?? ''}
            onChange={(v) => onFiltersChange({ ...filters, dues: (v || undefined) as DirectoryFilters['dues'] })}
            options={[{ value: '', label: 'All dues statuses' }, ...DUES_OPTIONS]}
          />
        </div>
        <div className="mb-3 flex min-h-11 flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" className="text-base text-muted-foreground">
            {members.data ? `${members.data.length} ${members.data.length === 1 ? 'member' : 'members'}${filtered ? ' match' : ''}` : ''}
            {members.isFetching && members.data ? ' (updating...)' : ''}
          </p>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setText('');
                onFiltersChange({});
              }}
            >
              Clear search and filters
            </Button>
          ) : null}
        </div>
        {members.data ? (
          members.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted px-4 py-8 text-center text-lg text-muted-foreground">
              {filtered ? memberMessages.noneMatch : memberMessages.noneFound}
            </p>
          ) : (
            <Directory members={members.data} onEdit={(m) => setDialog({ open: true, member: m })} />
          )
        ) : members.isError ? (
          <ErrorState onRetry={() => void members.refetch()} retrying={members.isFetching} />
        ) : (
          <p role="status" className="py-6 text-center text-lg">
            {memberMessages.loading}
          </p>
        )}
      </section>
      <MemberDialog open={dialog.open} member={dialog.member} onOpenChange={(open) => setDialog(open ? dialog : { open: false })} />
    </Page>
  );
}
