import { useRef, useState } from 'react';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { MemberImportResult } from '@post/contracts/members';
import { MEMBER_CSV_REQUIRED, MEMBER_FIELD_LABELS, MEMBER_CSV_COLUMNS } from '@post/contracts/members';
import { memberMessages } from '@post/contracts/messages/members';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogClose } from '@post/ui/components/dialog';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { RosterImport } from './roster-import.tsx';

const MAX_IMPORT_CHARS = 900_000;

/** Export the directory as CSV (a plain download) and import members from a CSV file. */
export function CsvTools() {
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
        toast.success(memberMessages.imported(result.imported), { description: `${result.updated} updated, ${result.unchanged} unchanged` });
      }
      if (!dryRun) await utils.members.list.invalidate();
    } catch (err) {
      toastSaveError(err, memberMessages.importFailed);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const csv = await file.text();
      if (csv.length > MAX_IMPORT_CHARS) {
        toast.error(memberMessages.importFailed, { description: 'The file is too large to import at once (at most 900 KB). Split it into smaller files.' });
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
      <RosterImport />
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
        <p className="mt-2">
          Import national roster reads your national organisation's roster export (myLegion's, for example) and updates only paid-through years, matched by
          membership number. You choose its two columns once; they are remembered.
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
        <DialogContent className="sm:max-w-2xl!">
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
