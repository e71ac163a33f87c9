import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { ReportInput } from '@post/contracts/service-hours';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { serviceReport, serviceReportCsv } from './report.service.ts';
import { z } from 'zod';
import { ReportPeriod } from '@post/contracts/reporting';
import { formReport } from '../reports/form-report.service.ts';
import { formReportCsv, formReportFileName } from '../reports/report-csv.ts';

/** GET /api/admin/reports/service.csv?year=: the service report as a download (staff), recorded in the audit log. */
export async function serviceReportRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/reports/service.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'staff');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    const parsed = ReportInput.extend({ form: z.string().max(40).optional(), period: ReportPeriod }).safeParse(req.query ?? {});
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Invalid query', issues: parsed.error.issues });
    const { year, form, period } = parsed.data;
    if (form !== undefined) {
      // A form's worksheet as CSV, named with its program year (decision 0085).
      const out = await audited(
        { db: deps.db, req, user: refused.user },
        { entity: 'service-report', action: 'export', id: form, changes: () => ({ year: { old: null, new: year } }) },
        async (trx) => {
          const settings = await getSettings(trx);
          const report = await formReport(trx, form, year, period, settings);
          return { csv: formReportCsv(report, settings.postName), name: formReportFileName(report) };
        },
      ).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      if (out instanceof Error) {
        const issue = (out as { cause?: { issues?: { path: unknown[]; message: string }[] } }).cause?.issues?.[0];
        if (issue) return reply.code(400).send({ message: issue.message, issues: [issue] });
        throw out;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${out.name}"`)
        .header('Cache-Control', 'no-store')
        .send(out.csv);
    }
    const csv = await audited(
      { db: deps.db, req, user: refused.user },
      { entity: 'service-report', action: 'export', id: null, changes: () => ({ year: { old: null, new: year } }) },
      async (trx) => {
        const settings = await getSettings(trx);
        return serviceReportCsv(await serviceReport(trx, year, settings), settings.postName);
      },
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="service-report-${year}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
