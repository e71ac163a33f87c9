import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { ServiceReportPage, type ReportSearch } from '../../../features/service-hours/report-page.tsx';

export const Route = createFileRoute('/admin/reports/service')({
  validateSearch: (s: Record<string, unknown>): ReportSearch => ({
    year: parseId(s.year),
    form: typeof s.form === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(s.form) ? s.form : undefined,
    period: typeof s.period === 'string' ? s.period : undefined,
  }),
  component: ServiceReportRoute,
});

function ServiceReportRoute() {
  return <ServiceReportPage search={Route.useSearch()} />;
}
