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
import { selectClass } from '../../components/form/select-field.tsx';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { ReportView } from './report-view.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAdminSession } from '../../lib/use-session.ts';
import { toast } from 'sonner';
import { attendanceMessages } from '@post/contracts/messages/attendance';

/** The report's year in the URL: /admin/reports/service?year=2025 (the year the program year starts). */
export interface ReportSearch {
  year?: number;
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
  const navigate = useNavigate();
  const report = trpc.serviceHours.report.useQuery({ year }, { placeholderData: keepPreviousData });
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
      intro="Volunteer hours, people and miles of a program year, for the Consolidated Post Report and the record book."
      actions={
        <>
          <Button variant="outline" onClick={() => window.print()} disabled={!report.data}>
            <PrinterIcon aria-hidden="true" />
            Print
          </Button>
          <a href={`/api/admin/reports/service.csv?year=${year}`} download className={buttonVariants()}>
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </a>
        </>
      }
    >
      <AdminTitle text="Service Report" />
      <div className="mb-6 max-w-xs print:hidden">
        <label htmlFor="report-year" className="mb-1 block text-base font-semibold">
          Program year
        </label>
        <select
          id="report-year"
          className={selectClass}
          value={String(year)}
          onChange={(e) => void navigate({ to: '/admin/reports/service', search: { year: Number(e.target.value) }, replace: true })}
        >
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {programYearLabel(y, startMonth)}
            </option>
          ))}
        </select>
      </div>
      {report.isError ? (
        <ErrorState message="Could not load the report. Please try again." onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <LoadingState text={commonMessages.loading} />
      ) : (
        <div className="print:hidden">
          <ReportView
            report={report.data}
            postName={settings.postName}
            onConfirmHours={isAdministrator ? (id) => confirm.mutate({ id }) : undefined}
            confirming={confirm.isPending ? (confirm.variables as { id: number } | undefined)?.id : undefined}
          />
        </div>
      )}
      {mounted && report.data
        ? createPortal(
            <div data-service-report="" className="hidden bg-white text-black print:block">
              <ReportView report={report.data} postName={settings.postName} />
            </div>,
            document.body,
          )
        : null}
    </Page>
  );
}
