import { stringify } from 'csv-stringify/sync';
import type { FormReport } from '@post/contracts/reporting';

/** "cpr-2026-2027.csv": the form's short name and its program year (a quarter or month adds its own). */
export function formReportFileName(r: FormReport): string {
  const short = r.form.replace(/^legion-/, '');
  return `${short}-${r.label}${r.period === 'year' ? '' : `-${r.period}`}.csv`;
}

/** The worksheet as CSV (UTF-8 with BOM, formula-safe): each line beside its item, then the records behind each. */
export function formReportCsv(r: FormReport, postName: string): string {
  const records: (string | number)[][] = [
    [r.name, postName],
    ['Program year', r.label],
    ['Period', r.period],
    ['From', r.from],
    ['To', r.to],
    ['Mileage rate', r.mileageRate],
    [],
    ['Item', 'Line', 'Kind', 'Value', 'Records'],
    ...r.lines.map((l) => [l.item, l.label, l.kind, l.value, l.records]),
  ];
  if (r.overCap.length) records.push([], ['Over the cap of hours to one organisation', 'Hours'], ...r.overCap.map((o) => [o.beneficiary, o.hours]));
  records.push([], ['Item', 'Line', 'Record', 'Date', 'Title', 'Value']);
  for (const l of r.lines) for (const i of l.items) records.push([l.item, l.label, i.kind, i.date, i.title, i.value]);
  return `\uFEFF${stringify(records, { escape_formulas: true, record_delimiter: 'windows' })}`;
}
