import type { ServiceReport } from '@post/contracts/service-hours';
import { Button } from '@post/ui/components/button';
import { dayText, hoursText, moneyText } from './format.ts';

const cell = 'border-b border-border px-2 py-1.5 text-left align-top print:border-black';
const num = `${cell} text-right tabular-nums`;

/** The service report as a record book (issue 44): totals, the categories in the report's order, each one's list, what needs attention. */
export function ReportView({
  report,
  postName,
  onConfirmHours,
  confirming,
}: {
  report: ServiceReport;
  postName: string;
  /** An administrator's "Confirm hours" on long hours from marks (decision 0081); absent in print and for editors. */
  onConfirmHours?: (attendanceId: number) => void;
  /** The record whose confirmation is on its way. */
  confirming?: number;
}) {
  const t = report.totals;
  const totals: [string, string][] = [
    ['Hours', hoursText(t.hours)],
    ['Volunteers', String(t.volunteers)],
    ['Member hours', hoursText(t.memberHours)],
    ['Non-member hours', hoursText(t.nonMemberHours)],
    ['Events', String(t.events)],
    ['Miles', hoursText(t.miles)],
    [`Mileage value (at ${moneyText(report.mileageRate)} a mile)`, moneyText(t.mileageValue)],
  ];
  return (
    <article aria-label={`Service report ${report.label}`} className="space-y-8 text-base print:text-[10.5pt]">
      <header>
        <p className="text-sm tracking-wide text-muted-foreground uppercase print:text-black">{postName} · Service report</p>
        <h2 className="text-2xl font-bold text-navy-800 print:text-black">Program year {report.label}</h2>
        <p>
          {dayText(report.from)} to {dayText(report.to)}
        </p>
      </header>
      <section aria-labelledby="report-totals">
        <h3 id="report-totals" className="mb-3 text-xl font-bold">
          Totals
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4" data-report-totals="">
          {totals.map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-card p-3 print:border-black print:p-2">
              <dt className="text-sm text-muted-foreground print:text-black">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums print:text-[14pt]" data-total={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-muted-foreground print:text-black">Categories marked not reportable are left out of the totals.</p>
      </section>
      <section aria-labelledby="report-categories">
        <h3 id="report-categories" className="mb-3 text-xl font-bold">
          By category
        </h3>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
        <div tabIndex={0} role="region" aria-label="Hours by category (scrolls sideways)" className="overflow-x-auto">
          <table className="w-full min-w-[34rem] border-collapse" aria-label="Hours by category">
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  Category
                </th>
                {['Hours', 'Volunteers', 'Events', 'Entries', 'Miles'].map((h) => (
                  <th key={h} scope="col" className={num}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.categories.map((c) => (
                <tr key={c.name} data-category={c.name}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {c.name}
                    {c.reportable ? null : <span className="ml-2 text-sm text-muted-foreground print:text-black">(not reportable)</span>}
                  </th>
                  <td className={num}>{hoursText(c.hours)}</td>
                  <td className={num}>{c.volunteers}</td>
                  <td className={num}>{c.events}</td>
                  <td className={num}>{c.entries}</td>
                  <td className={num}>{hoursText(c.miles)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {report.categories
        .filter((c) => c.items.length > 0)
        .map((c) => (
          <section key={c.name} aria-label={`${c.name}: records`} className="break-inside-avoid-page">
            <h3 className="mb-2 text-lg font-bold">
              {c.name} <span className="font-normal text-muted-foreground print:text-black">({hoursText(c.hours)} hours)</span>
            </h3>
            <ul className="divide-y rounded-lg border print:rounded-none print:border-black">
              {c.items.map((i) => (
                <li key={`${i.kind}-${i.id}`} className="grid gap-x-4 px-3 py-2 sm:grid-cols-[8rem_1fr_auto] print:grid-cols-[7rem_1fr_auto] print:py-1">
                  <span className="tabular-nums">{dayText(i.date)}</span>
                  <span>
                    <span className="font-semibold">{i.title}</span>
                    <span className="block text-sm text-muted-foreground print:text-black">{i.people.join(', ')}</span>
                  </span>
                  <span className="tabular-nums sm:text-right">
                    {hoursText(i.hours)} h{i.miles ? `, ${hoursText(i.miles)} mi` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      <section aria-labelledby="report-attention">
        <h3 id="report-attention" className="mb-2 text-xl font-bold">
          Needs attention
        </h3>
        {report.attention.length === 0 ? (
          <p>Every entry is approved and documented.</p>
        ) : (
          <ul className="divide-y rounded-lg border print:border-black">
            {report.attention.map((a) => (
              <li key={`${a.kind}-${a.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
                <span>
                  <span className="font-semibold">{a.name}</span>, {dayText(a.date)}, {hoursText(a.hours)} h, {a.category}: {a.reason}
                </span>
                {a.kind === 'attendance' && onConfirmHours ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="print:hidden"
                    disabled={confirming === a.id}
                    aria-label={`Confirm ${hoursText(a.hours)} hours for ${a.name}`}
                    onClick={() => onConfirmHours(a.id)}
                  >
                    Confirm {hoursText(a.hours)} h
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
