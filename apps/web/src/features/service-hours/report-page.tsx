import { createPortal } from 'react-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DownloadIcon, PrinterIcon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { currentProgramYear, programYearLabel } from '@post/contracts/rules/program-year';
import { Button, buttonVariants } from '@post/ui/components/button';
import { ErrorState, LoadingState } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { AdminTitle } from '../../components/admin-title.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { selectClass } from '../../components/form/select-class.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { ReportView } from './report-view.tsx';
import { FormWorksheet } from './form-worksheet.tsx';
import { Filings } from './filings.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAdminSession } from '../../lib/use-session.ts';
import { toast } from 'sonner';
import { attendanceMessages } from '@post/contracts/messages/attendance';

/** The report's year, form and period in the URL: /admin/reports/service?year=2025&form=legion-cpr&period=q1. */
export interface ReportSearch {
  year?: number;
  form?: string;
  period?: string;
}

const PERIODS = ['year', 'q1', 'q2', 'q3', 'q4', ...Array.from({ length: 12 }, (_, i) => `m${i + 1}`)];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "Whole year", "Quarter 1 (Jul-Sep)", "August": a period of a year starting in `startMonth`. */
function periodText(p: string, startMonth: number): string {
  if (p === 'year') return 'Whole year';
  const month = (offset: number) => MONTHS[(startMonth - 1 + offset) % 12]!;
  if (p.startsWith('q')) {
    const q = Number(p.slice(1));
    return `Quarter ${q} (${month((q - 1) * 3).slice(0, 3)}-${month((q - 1) * 3 + 2).slice(0, 3)})`;
  }
  return month(Number(p.slice(1)) - 1);
}

/**
 * The yearly service report (issue 44): a program year's totals, categories and lists, printed as
 * a record book (service-report.css prints the portalled copy alone) or downloaded as CSV.
 */
export function ServiceReportPage({ search }: { search: ReportSearch }) {
  const settings = useSiteSettings().data;
  const startMonth = settings.serviceYearStartMonth;
  const current = currentProgramYear(new Date(), startMonth, settings.timeZone);
  const year = search.year ?? current;
  const formKey = search.form;
  const period = formKey && search.period && PERIODS.includes(search.period) ? search.period : 'year';
  const navigate = useNavigate();
  const go = (next: ReportSearch) =>
    void navigate({ to: '/admin/reports/service', search: { year, form: formKey, period: period === 'year' ? undefined : period, ...next }, replace: true });
  const forms = trpc.reports.forms.useQuery();
  const form = forms.data?.find((f) => f.key === formKey);
  const report = trpc.serviceHours.report.useQuery({ year, form: formKey, period }, { placeholderData: keepPreviousData });
  const data = report.data;
  const book = data && 'totals' in data ? data : undefined;
  const sheet = data && 'lines' in data && data.form === formKey ? data : undefined;
  const yearStart = form?.yearStartMonth ?? startMonth;
  const csv = `/api/admin/reports/service.csv?year=${year}${formKey ? `&form=${encodeURIComponent(formKey)}${period === 'year' ? '' : `&period=${period}`}` : ''}`;
  const isAdministrator = useAdminSession().data?.role === 'administrator';
  const utils = trpc.useUtils();
  const confirm = trpc.attendance.confirmHours.useMutation({
    onSuccess: async () => {
      toast.success(attendanceMessages.hoursConfirmed);
      await utils.serviceHours.report.invalidate();
    },
    onError: (err) => toast.error(err.message),
  });
  // The portal needs document.body: only after hydration.
  const mounted = useHydrated();
  const years = Array.from({ length: 8 }, (_, i) => current - i);
  if (!years.includes(year)) years.push(year);
  return (
    <Page
      before={<BackLink to="/admin" />}
      title="Service Report"
      intro="Volunteer hours, people and miles of a program year, and the lines of the forms the post files: the Consolidated Post Report and the VFW's community service report."
      actions={
        <>
          <Button variant="outline" onClick={() => window.print()} disabled={!report.data}>
            <PrinterIcon aria-hidden="true" />
            {formKey ? 'Print worksheet' : 'Print'}
          </Button>
          <a href={csv} download className={buttonVariants()}>
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </a>
        </>
      }
    >
      <AdminTitle text="Service Report" />
      <div className="mb-6 grid gap-4 sm:grid-cols-3 print:hidden">
        <div>
          <label htmlFor="report-form" className="mb-1 block text-base font-semibold">
            Report
          </label>
          <select id="report-form" className={selectClass} value={formKey ?? ''} onChange={(e) => go({ form: e.target.value || undefined, period: undefined })}>
            <option value="">Record book (all hours)</option>
            {(forms.data ?? []).map((f) => (
              <option key={f.key} value={f.key}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-year" className="mb-1 block text-base font-semibold">
            Program year
          </label>
          <select id="report-year" className={selectClass} value={String(year)} onChange={(e) => go({ year: Number(e.target.value) })}>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {programYearLabel(y, yearStart)}
              </option>
            ))}
          </select>
        </div>
        {formKey ? (
          <div>
            <label htmlFor="report-period" className="mb-1 block text-base font-semibold">
              Period
            </label>
            <select
              id="report-period"
              className={selectClass}
              value={period}
              onChange={(e) => go({ period: e.target.value === 'year' ? undefined : e.target.value })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {periodText(p, yearStart)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {report.isError ? (
        <ErrorState message="Could not load the report. Please try again." onRetry={() => void report.refetch()} />
      ) : formKey ? (
        !sheet ? (
          <LoadingState text={commonMessages.loading} />
        ) : (
          <div className="space-y-8 print:hidden">
            <FormWorksheet report={sheet} postName={settings.postName} />
            <Filings report={sheet} />
          </div>
        )
      ) : !book ? (
        <LoadingState text={commonMessages.loading} />
      ) : (
        <div className="print:hidden">
          <ReportView
            report={book}
            postName={settings.postName}
            onConfirmHours={isAdministrator ? (id) => confirm.mutate({ id }) : undefined}
            confirming={confirm.isPending ? (confirm.variables as { id: number } | undefined)?.id : undefined}
          />
        </div>
      )}
      {mounted && (formKey ? sheet : book)
        ? createPortal(
            <div data-service-report="" className="hidden bg-white text-black print:block">
              {formKey && sheet ? (
                <FormWorksheet report={sheet} postName={settings.postName} interactive={false} />
              ) : book ? (
                <ReportView report={book} postName={settings.postName} />
              ) : null}
            </div>,
            document.body,
          )
        : null}
    </Page>
  );
}
