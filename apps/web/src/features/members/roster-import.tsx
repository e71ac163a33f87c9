import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileSpreadsheetIcon } from 'lucide-react';
import { toast } from 'sonner';
import { rosterImportMessages } from '@post/contracts/messages/roster-import';
import { RosterImportInput, type RosterColumns, type RosterImportResult } from '@post/contracts/roster-import';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogClose } from '@post/ui/components/dialog';
import { trpc } from '../../lib/trpc.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { RosterReport } from './roster-report.tsx';

const MAX_IMPORT_CHARS = 900_000;
const FAILED = 'The roster could not be imported';

const Mapping = RosterImportInput.pick({ numberColumn: true, paidThroughColumn: true }).refine(
  (m) => m.numberColumn.toLowerCase() !== m.paidThroughColumn.toLowerCase(),
  { message: rosterImportMessages.sameColumn, path: ['paidThroughColumn'] },
);
type MappingValues = { numberColumn: string; paidThroughColumn: string };

type Step = { file: string; csv: string; columns: RosterColumns; report: RosterImportResult | null };

/** Members the roster renews who are marked inactive: the preview asks about each (decision 0095). */
const inactiveIds = (report: RosterImportResult) => report.updated.filter((c) => c.inactive).map((c) => c.memberId);

/**
 * "Import national roster" (issue 45 #5, decisions 0028 and 0065): pick the file, choose its two
 * columns (the remembered choice pre-selected), preview every row's outcome, then apply. A plain
 * dialog, not a FormDialog: closing loses only two choices, made again in a moment.
 */
export function RosterImport() {
  const fileInput = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const columns = trpc.members.rosterColumns.useMutation();
  const importRoster = trpc.members.importRoster.useMutation();
  const [step, setStep] = useState<Step | null>(null);
  // Ticked by default: the national roster says they paid; the adjutant unticks anyone who left.
  const [reactivate, setReactivate] = useState<Set<number>>(new Set());
  const form = useForm<MappingValues>({ resolver: zodResolver(Mapping), defaultValues: { numberColumn: '', paidThroughColumn: '' } });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const csv = await file.text();
      if (csv.length > MAX_IMPORT_CHARS) {
        toast.error(FAILED, { description: 'The file is too large to import at once (at most 900 KB). Split it into smaller files.' });
        return;
      }
      const found = await columns.mutateAsync({ csv });
      form.reset({ numberColumn: found.numberColumn ?? '', paidThroughColumn: found.paidThroughColumn ?? '' });
      setStep({ file: file.name, csv, columns: found, report: null });
    } catch (err) {
      toastSaveError(err, FAILED);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const run = async (values: MappingValues, dryRun: boolean) => {
    if (!step) return;
    try {
      const chosen = dryRun ? [] : [...reactivate];
      const report = await importRoster.mutateAsync({ csv: step.csv, ...values, dryRun, ...(chosen.length ? { reactivate: chosen } : {}) });
      if (dryRun) setReactivate(new Set(inactiveIds(report)));
      setStep({ ...step, report });
      if (!dryRun) {
        toast.success('Paid-through years updated', { description: `${report.updated.length} ${report.updated.length === 1 ? 'member' : 'members'}` });
        await Promise.all([utils.members.list.invalidate(), utils.renewals.invalidate()]);
      }
    } catch (err) {
      toastSaveError(err, FAILED);
    }
  };
  const preview = form.handleSubmit((values) => run(values, true));

  const report = step?.report ?? null;
  const options = (step?.columns.headers ?? []).map((h, i) => {
    const sample = step?.columns.sample[i];
    return { value: h, label: sample ? `${h} (such as ${sample.length > 24 ? `${sample.slice(0, 24)}…` : sample})` : h };
  });
  const choices = [{ value: '', label: 'Choose a column' }, ...options];
  const busy = columns.isPending || importRoster.isPending;

  return (
    <>
      <input
        ref={fileInput}
        id="roster-import-file"
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
        <FileSpreadsheetIcon aria-hidden="true" />
        {columns.isPending ? 'Reading...' : 'Import national roster'}
      </Button>
      <Dialog open={step !== null} onOpenChange={(o) => (o ? undefined : setStep(null))}>
        <DialogContent className="sm:max-w-2xl!">
          <DialogHeader>
            <DialogTitle>{!report ? 'Import national roster' : report.dryRun ? 'Roster preview' : 'Roster imported'}</DialogTitle>
            <DialogDescription>
              {!report
                ? `${step?.file}: ${step?.columns.rows} ${step?.columns.rows === 1 ? 'row' : 'rows'}. Choose which of its columns hold the membership number and the paid-through year; only paid-through years change.`
                : report.dryRun
                  ? 'Nothing has changed yet. Check the list, then choose Apply roster.'
                  : `Done. The columns ${report.numberColumn} and ${report.paidThroughColumn} are remembered for the next roster.`}
            </DialogDescription>
          </DialogHeader>
          {!report && step ? (
            <form id="roster-mapping" onSubmit={preview} noValidate aria-label="Roster columns" className="space-y-4">
              <p className="text-base text-muted-foreground" role="status">
                {step.columns.remembered
                  ? 'Chosen as for your last roster import.'
                  : step.columns.numberColumn || step.columns.paidThroughColumn
                    ? 'Guessed from the column names: check them.'
                    : 'Choose once: the next roster with these columns has them chosen.'}
              </p>
              <SelectField form={form} name="numberColumn" label="Membership number column" options={choices} required />
              <SelectField
                form={form}
                name="paidThroughColumn"
                label="Paid-through column"
                options={choices}
                required
                description="A year such as 2027, or a date such as 12/31/2027 or 2027-12-31 (its year is taken)."
              />
            </form>
          ) : null}
          {report ? (
            <RosterReport
              report={report}
              reactivate={reactivate}
              onReactivate={(id, on) =>
                setReactivate((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
            />
          ) : null}
          <DialogFooter>
            {!report ? (
              <>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" form="roster-mapping" disabled={busy}>
                  {importRoster.isPending ? 'Checking...' : 'Preview changes'}
                </Button>
              </>
            ) : report.dryRun ? (
              <>
                <Button variant="outline" onClick={() => step && setStep({ ...step, report: null })}>
                  Back to columns
                </Button>
                {/* Offered with nothing to update too: applying remembers the columns. */}
                <Button onClick={() => void run(form.getValues(), false)} disabled={busy}>
                  {importRoster.isPending ? 'Applying...' : 'Apply roster'}
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
    </>
  );
}
