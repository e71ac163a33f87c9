import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { ReportInput } from '@post/contracts/service-hours';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { serviceReport, serviceReportCsv } from './report.service.ts';

/** GET /api/admin/reports/service.csv?year=: the service report as a download (staff), recorded in the audit log. */
export async function serviceReportRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/reports/service.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'staff');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    const parsed = ReportInput.safeParse(req.query ?? {});
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Invalid query', issues: parsed.error.issues });
    const year = parsed.data.year;
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
