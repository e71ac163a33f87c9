import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeftIcon, DownloadIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Member, MemberImportResult, PostRoleFilter } from '@post/contracts/members';
import { MEMBER_CSV_REQUIRED, MEMBER_FIELD_LABELS, MEMBER_CSV_COLUMNS } from '@post/contracts/members';
import { CONFIRM, T, TEXT } from '@post/contracts/messages';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Badge } from '@post/ui/components/badge';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogClose } from '@post/ui/components/dialog';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { cn } from '@post/ui/lib/utils';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { serverMessage, sessionLapsedMessage, trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../admin/forms/save-errors.ts';
import { FilterSelect } from '../admin/tables/list-controls.tsx';
import { DUES_OPTIONS, POST_ROLE_OPTIONS, branchLabel, postRoleLabel } from './labels.ts';
import { MemberDialog, memberDraftKey } from './member-dialog.tsx';
import { formDraftKeys, hasFormDraft } from '../../lib/use-form-draft.ts';

/** The directory's search and filters, kept in the address so a reload or Back keeps them. */
export interface DirectoryFilters {
  q?: string;
  status?: 'active' | 'inactive';
  role?: PostRoleFilterValue;
  dues?: 'current' | 'due' | 'overdue' | 'exempt';
}

type PostRoleFilterValue = z.infer<typeof PostRoleFilter>;
type DialogState = { open: false; member?: Member } | { open: true; member?: Member };

const MAX_IMPORT_CHARS = 900_000;

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
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
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
              ...POST_ROLE_OPTIONS.map((o) => (o.value === 'none' ? { value: 'none', label: TEXT.noRoleAssigned } : o)),
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
              {filtered ? TEXT.noMembersMatch : TEXT.noMembersFound}
            </p>
          ) : (
            <Directory members={members.data} onEdit={(m) => setDialog({ open: true, member: m })} />
          )
        ) : members.isError ? (
          <ErrorState onRetry={() => void members.refetch()} retrying={members.isFetching} />
        ) : (
          <p role="status" className="py-6 text-center text-lg">
            {TEXT.loadingMembers}
          </p>
        )}
      </section>
      <MemberDialog open={dialog.open} member={dialog.member} onOpenChange={(open) => setDialog(open ? dialog : { open: false })} />
    </Page>
  );
}

/** Why a member cannot sign in to the portal, or null when they can (the API's own rule: member-auth.service.ts). */
export function signInBlocker(m: Pick<Member, 'isActive' | 'hasOnlineAccess' | 'hasPortalPassword'>): string | null {
  if (!m.hasOnlineAccess) return 'Online access is off';
  if (!m.hasPortalPassword) return 'No portal password set';
  if (!m.isActive) return 'Member is inactive';
  return null;
}
function AccessBadge({ enabled }: { enabled: boolean }) {
  return <Badge variant={enabled ? 'normal' : 'outline'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>;
}
/** Under the Online Access badge: "Can sign in", or why not (issue 23 #5: "Enabled" alone misled). */
function SignInState({ member }: { member: Member }) {
  const reason = signInBlocker(member);
  return (
    <span className={cn('block text-sm', reason ? 'text-flag-red-800' : 'text-muted-foreground')}>
      {reason ? `Cannot sign in: ${reason.toLowerCase()}` : 'Can sign in'}
    </span>
  );
}

/** An e-mail address that wraps before its "@", never mid-word (issue 46 #9). */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

function Directory({ members, onEdit }: { members: Member[]; onEdit: (m: Member) => void }) {
  return (
    <>
      {/* Wide screens: the spec's table. */}
      <div className="hidden md:block">
        <Table aria-labelledby="directory-heading" scrollLabel="Member Directory (scroll sideways to see more)">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">Membership #</TableHead>
              <TableHead scope="col">Email</TableHead>
              <TableHead scope="col">Post Role</TableHead>
              <TableHead scope="col">Branch</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Online Access</TableHead>
              <TableHead scope="col">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="font-semibold">
                  {m.firstName} {m.lastName}
                </TableCell>
                <TableCell className="whitespace-nowrap">{m.membershipNumber}</TableCell>
                <TableCell className="break-words">
                  <Email address={m.email} />
                </TableCell>
                <TableCell className={cn(m.postRole === 'none' && 'text-muted-foreground')}>{postRoleLabel(m.postRole)}</TableCell>
                <TableCell>{branchLabel(m.branchOfService)}</TableCell>
                <TableCell>
                  <StatusBadge active={m.isActive} />
                </TableCell>
                <TableCell>
                  <AccessBadge enabled={m.hasOnlineAccess} />
                  <SignInState member={m} />
                </TableCell>
                <TableCell>
                  <RowActions member={m} onEdit={onEdit} compact />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {/* Phones: one card per member with the same facts. */}
      <ul className="space-y-3 md:hidden" aria-labelledby="directory-heading">
        {members.map((m) => (
          <li key={m.id} className="rounded-lg border p-4">
            <p className="text-lg font-semibold">
              {m.firstName} {m.lastName}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-base">
              <dt className="text-muted-foreground">Membership #</dt>
              <dd>{m.membershipNumber}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-words">
                <Email address={m.email} />
              </dd>
              <dt className="text-muted-foreground">Post Role</dt>
              <dd>{postRoleLabel(m.postRole)}</dd>
              <dt className="text-muted-foreground">Branch</dt>
              <dd>{branchLabel(m.branchOfService)}</dd>
            </dl>
            <div className="mt-2 flex flex-wrap gap-2">
              <StatusBadge active={m.isActive} />
              <span className="inline-flex items-center gap-1 text-sm">
                Online Access: <AccessBadge enabled={m.hasOnlineAccess} />
              </span>
              <span className="w-full">
                <SignInState member={m} />
              </span>
            </div>
            <div className="mt-3">
              <RowActions member={m} onEdit={onEdit} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function RowActions({ member, onEdit, compact }: { member: Member; onEdit: (m: Member) => void; compact?: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.members.remove.useMutation();
  const name = `${member.firstName} ${member.lastName}`;
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ id: member.id });
      toast.success(T.deleted, { description: `${name} was removed from the directory.` });
    } catch (err) {
      const lapsed = sessionLapsedMessage(err);
      if (lapsed) toast.error(T.memberDeleteFailed, { description: lapsed });
      else toast.error(serverMessage(err) ?? T.memberDeleteFailed);
    } finally {
      await utils.members.list.invalidate();
    }
  };
  return (
    <div className={cn('flex gap-2', compact && 'xl:flex-col xl:items-stretch')}>
      {/* In the table the words show from 1280 px (issue 23 #7), one button above the other so that the
          directory fits with whole e-mail addresses (issue 46 #9); narrower, the icons with their tooltips. */}
      <Button
        variant="outline"
        size="sm"
        className={compact ? 'max-xl:size-9 max-xl:px-0' : undefined}
        data-edit-member={member.id}
        onClick={() => onEdit(member)}
        aria-label={`Edit ${name}`}
        title={compact ? `Edit ${name}` : undefined}
      >
        <PencilIcon aria-hidden="true" />
        <span className={compact ? 'max-xl:sr-only' : undefined}>Edit</span>
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            size="sm"
            className={cn('text-destructive', compact && 'max-xl:size-9 max-xl:px-0')}
            aria-label={`Delete ${name}`}
            title={compact ? `Delete ${name}` : undefined}
            disabled={remove.isPending}
          >
            <Trash2Icon aria-hidden="true" />
            <span className={compact ? 'max-xl:sr-only' : undefined}>Delete</span>
          </Button>
        }
        title={CONFIRM.deleteNamed(`${name} (${member.membershipNumber})`)}
        description={CONFIRM.deleteMember}
        onConfirm={onDelete}
      />
    </div>
  );
}

/** Export the directory as CSV (a plain download) and import members from a CSV file. */
function CsvTools() {
  const fileInput = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const importMembers = trpc.members.import.useMutation();
  const [report, setReport] = useState<MemberImportResult | null>(null);
  // The file's text while its preview is shown: Apply sends the same text again (issue 23 #8).
  const [pending, setPending] = useState<string | null>(null);

  const run = async (csv: string, dryRun: boolean) => {
    try {
      const result = await importMembers.mutateAsync({ csv, dryRun });
      setReport(result);
      setPending(dryRun ? csv : null);
      if (!dryRun && result.imported + result.updated > 0) {
        toast.success(T.membersImported(result.imported), { description: `${result.updated} updated, ${result.unchanged} unchanged` });
      }
      if (!dryRun) await utils.members.list.invalidate();
    } catch (err) {
      toastSaveError(err, T.memberImportFailed);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const csv = await file.text();
      if (csv.length > MAX_IMPORT_CHARS) {
        toast.error(T.memberImportFailed, { description: 'The file is too large to import at once (at most 900 KB). Split it into smaller files.' });
        return;
      }
      // First a preview: nothing is stored until Apply.
      await run(csv, true);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 sm:justify-end">
      <a href="/api/admin/members.csv" download className={buttonVariants({ variant: 'outline' })}>
        <DownloadIcon aria-hidden="true" />
        Export CSV
      </a>
      <input
        ref={fileInput}
        id="member-import-file"
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={importMembers.isPending} aria-describedby="import-help">
        <UploadIcon aria-hidden="true" />
        {importMembers.isPending ? 'Importing...' : 'Import CSV'}
      </Button>
      <details id="import-help" className="w-full text-base text-muted-foreground sm:max-w-md sm:text-right [&[open]]:text-left">
        <summary className="cursor-pointer rounded-sm font-medium text-foreground focus-visible:outline-2 focus-visible:outline-ring">
          About the CSV format
        </summary>
        <p className="mt-2">
          The first row names the columns, as Export CSV writes them. Required: <code>{MEMBER_CSV_REQUIRED.join(', ')}</code>. Optional:{' '}
          <code>{MEMBER_CSV_COLUMNS.filter((c) => !MEMBER_CSV_REQUIRED.includes(c)).join(', ')}</code>. The dialog's labels (such as{' '}
          {MEMBER_FIELD_LABELS.membershipNumber}) work too.
        </p>
        <p className="mt-2">
          A row whose membershipNumber is already in the directory updates that member; other rows add members. You see what will happen first, and nothing
          changes until you choose Apply import.
        </p>
      </details>
      <Dialog
        open={report !== null}
        onOpenChange={(o) => {
          if (o) return;
          setReport(null);
          setPending(null);
        }}
      >
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{report?.dryRun ? 'Import preview' : 'Import report'}</DialogTitle>
            <DialogDescription>
              {report?.dryRun ? 'Nothing has changed yet. Check the counts, then choose Apply import.' : 'The import is done.'}
            </DialogDescription>
          </DialogHeader>
          {report ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-lg" aria-label="Import counts">
              <dt className="font-semibold">{report.dryRun ? 'New members to add' : 'New members added'}</dt>
              <dd>{report.imported}</dd>
              <dt className="font-semibold">{report.dryRun ? 'Members to update' : 'Members updated'}</dt>
              <dd>{report.updated}</dd>
              <dt className="font-semibold">Unchanged</dt>
              <dd>{report.unchanged}</dd>
              <dt className="font-semibold">{report.dryRun ? 'Rows that will not be imported' : 'Rows not imported'}</dt>
              <dd>{report.rejected.length}</dd>
            </dl>
          ) : null}
          {report && report.rejected.length > 0 ? (
            <div>
              <h3 className="mb-2 text-lg font-semibold">Rows not imported</h3>
              <ul className="space-y-2" aria-label="Rows not imported">
                {report.rejected.map((r) => (
                  <li key={r.row} className="rounded-md border border-flag-red-300 bg-flag-red-50 p-3 text-flag-red-800">
                    <span className="font-semibold">Row {r.row}:</span> {r.reason}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-base text-muted-foreground">
                Correct these rows in the file and import it again; rows already imported then count as unchanged.
              </p>
            </div>
          ) : null}
          <DialogFooter>
            {pending !== null && report && report.imported + report.updated > 0 ? (
              <>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button onClick={() => void run(pending, false)} disabled={importMembers.isPending}>
                  {importMembers.isPending ? 'Importing...' : 'Apply import'}
                </Button>
              </>
            ) : (
              <DialogClose asChild>
                <Button>Close</Button>
              </DialogClose>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
