import { useState } from 'react';
import type { FormReport, ReportLine } from '@post/contracts/reporting';
import { dayText, hoursText, moneyText } from './format.ts';

const cell = 'border-b border-border px-2 py-2 text-left align-top print:border-black print:py-1';
const num = `${cell} text-right tabular-nums`;

/** "CPR #83" for a CPR line with its item number; the form's short name alone without one. */
export function whereItGoes(form: string, line: Pick<ReportLine, 'item'>): string {
  const short = form === 'legion-cpr' ? 'CPR' : form === 'vfw' ? 'VFW' : form;
  return line.item ? `${short} #${line.item}` : short;
}

/** A line's value as the form wants it: hours and miles as counted, whole dollars, counts. */
export function lineValueText(line: Pick<ReportLine, 'kind' | 'value'>): string {
  if (line.kind === 'dollars') return moneyText(line.value).replace(/\.00$/, '');
  if (line.kind === 'count') return line.value.toLocaleString('en-US');
  return hoursText(line.value);
}
const unitOf = (kind: ReportLine['kind']) => (kind === 'hours' ? 'hours' : kind === 'miles' ? 'miles' : '');

/**
 * A form's lines as a worksheet to fill the form from (issue 60, decision 0085): each line beside
 * where it goes, and its records behind a button (`interactive` false for the printed copy).
 */
export function FormWorksheet({ report, postName, interactive = true }: { report: FormReport; postName: string; interactive?: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <article aria-label={`${report.name} ${report.label}`} className="space-y-6 text-base print:text-[10.5pt]">
      <header>
        <p className="text-sm tracking-wide text-muted-foreground uppercase print:text-black">{postName} · Worksheet</p>
        <h2 className="text-2xl font-bold text-navy-800 print:text-black">
          {report.name}, {report.label}
        </h2>
        <p>
          {dayText(report.from)} to {dayText(report.to)}
        </p>
      </header>
      {report.overCap.length > 0 ? (
        <div role="alert" className="rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-amber-950 print:border-black print:bg-white print:text-black">
          <p className="font-semibold">More hours to one outside organisation than the form credits:</p>
          <ul className="list-disc pl-6">
            {report.overCap.map((o) => (
              <li key={o.beneficiary}>
                {o.beneficiary}: {hoursText(o.hours)} hours
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="divide-y rounded-lg border print:rounded-none print:border-black" aria-label="Lines of the form">
        {report.lines.map((l) => {
          const isOpen = interactive && open === l.key;
          const listId = `line-records-${l.key}`;
          return (
            <li key={l.key} data-line={l.key} className="px-3 py-3 print:break-inside-avoid print:py-1.5">
              <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1 sm:grid-cols-[7rem_1fr_auto_auto]">
                <span className="font-semibold text-navy-800 tabular-nums print:text-black">{whereItGoes(report.form, l)}</span>
                <span className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">{l.label}</span>
                <span className="col-start-2 row-start-1 text-right text-lg font-bold tabular-nums sm:col-start-auto sm:row-start-auto" data-value="">
                  {lineValueText(l)}
                  {unitOf(l.kind) ? <span className="ml-1 text-sm font-normal">{unitOf(l.kind)}</span> : null}
                </span>
                {interactive ? (
                  <button
                    type="button"
                    className="col-span-2 row-start-3 min-h-11 justify-self-start rounded-md px-2 text-left text-sm text-navy-800 underline underline-offset-2 hover:bg-muted disabled:no-underline disabled:opacity-60 sm:col-span-1 sm:row-start-auto sm:min-h-9 sm:justify-self-end"
                    aria-expanded={isOpen}
                    aria-controls={listId}
                    disabled={l.records === 0}
                    onClick={() => setOpen(isOpen ? null : l.key)}
                  >
                    {l.records === 0 ? 'No records' : `${l.records} ${l.records === 1 ? 'record' : 'records'}`}
                    <span className="sr-only"> behind {l.label}</span>
                  </button>
                ) : (
                  <span className="hidden text-sm sm:inline">{l.records} records</span>
                )}
              </div>
              {isOpen ? (
                <table id={listId} className="mt-2 w-full border-collapse text-sm" aria-label={`Records behind ${l.label}`}>
                  <thead>
                    <tr>
                      <th scope="col" className={cell}>
                        Date
                      </th>
                      <th scope="col" className={cell}>
                        {'Event or entry'}
                      </th>
                      <th scope="col" className={num}>
                        Value
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {l.items.map((i) => (
                      <tr key={`${i.kind}-${i.id}`}>
                        <td className={`${cell} whitespace-nowrap`}>{dayText(i.date)}</td>
                        <td className={cell}>
                          {i.title} <span className="text-muted-foreground">({i.kind === 'event' ? 'event' : 'ledger entry'})</span>
                        </td>
                        <td className={num}>{lineValueText({ kind: l.kind, value: i.value })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted-foreground print:text-black">
        Hours carry no dollar value. Mileage is valued at {moneyText(report.mileageRate)} a mile where a line includes it.
      </p>
    </article>
  );
}
