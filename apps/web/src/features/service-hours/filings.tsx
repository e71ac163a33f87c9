import { useState } from 'react';
import { toast } from 'sonner';
import type { FormReport } from '@post/contracts/reporting';
import { Button } from '@post/ui/components/button';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { formatIn } from '../../lib/format.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { lineValueText, whereItGoes } from './form-worksheet.tsx';
import { dayText } from './format.ts';

/**
 * "Mark as filed" and the form's earlier filings of this year (issue 60, decision 0085): a filing
 * keeps its lines as they stood; opened, it lists the records changed since.
 */
export function Filings({ report }: { report: FormReport }) {
  const { timeZone } = useSiteSettings().data;
  const utils = trpc.useUtils();
  const list = trpc.reports.filings.useQuery({ form: report.form });
  const file = trpc.reports.file.useMutation({
    onSuccess: (f) => {
      toast.success('Marked as filed', { description: `${f.name}, ${report.label}` });
      setShown(f.id);
      void utils.reports.filings.invalidate();
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not mark it as filed. Please try again.')),
  });
  const [shown, setShown] = useState<number | null>(null);
  const filings = (list.data ?? []).filter((f) => f.year === report.year && f.period === report.period);
  const when = (iso: string) => formatIn(timeZone, { dateStyle: 'medium', timeStyle: 'short' }, iso);
  return (
    <section aria-labelledby="filings-heading" className="space-y-3">
      <h3 id="filings-heading" className="text-xl font-bold">
        Filed copies
      </h3>
      <p>Mark the form as filed once you have sent it: its lines are kept as they stand now, whatever changes later.</p>
      <Button className="min-h-11" disabled={file.isPending} onClick={() => file.mutate({ year: report.year, form: report.form, period: report.period })}>
        {file.isPending ? 'Marking as filed…' : 'Mark as filed'}
      </Button>
      {filings.length === 0 ? (
        <p className="text-muted-foreground">Not filed yet for this period.</p>
      ) : (
        <ul className="space-y-2">
          {filings.map((f) => (
            <li key={f.id} className="rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  Filed <time dateTime={f.filedAt}>{when(f.filedAt)}</time>
                </span>
                <Button variant="outline" className="min-h-11" aria-expanded={shown === f.id} onClick={() => setShown(shown === f.id ? null : f.id)}>
                  {shown === f.id ? 'Hide the filed copy' : 'Show the filed copy'}
                </Button>
              </div>
              {shown === f.id ? <FiledCopy id={f.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FiledCopy({ id }: { id: number }) {
  const filing = trpc.reports.filing.useQuery({ id });
  if (!filing.data) return <p className="mt-2">{filing.isError ? 'Could not load the filed copy.' : 'Loading…'}</p>;
  const f = filing.data;
  return (
    <div className="mt-3 space-y-3" data-filing={f.id}>
      <table className="w-full border-collapse text-sm" aria-label="Lines as filed">
        <tbody>
          {f.lines.map((l) => (
            <tr key={l.key}>
              <th scope="row" className="border-b px-2 py-1.5 text-left font-normal">
                <span className="font-semibold">{whereItGoes(f.form, l)}</span> {l.label}
              </th>
              <td className="border-b px-2 py-1.5 text-right tabular-nums">{lineValueText(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {f.changedSince.length === 0 ? (
        <p>No record of this period has changed since it was filed.</p>
      ) : (
        <div>
          <p className="font-semibold">Changed since it was filed:</p>
          <ul className="list-disc pl-6">
            {f.changedSince.map((c) => (
              <li key={`${c.kind}-${c.id}`}>
                {c.title} ({c.kind === 'entry' ? 'ledger entry' : c.kind}, {dayText(c.date)})
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
