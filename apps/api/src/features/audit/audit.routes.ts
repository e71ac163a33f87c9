import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { serverMessages } from '@post/contracts/messages/server';
import { AuditListInput } from '@post/contracts/audit';
import { staffRefusal } from '../../trpc.ts';
import { auditCsv } from './audit.service.ts';

/** GET /api/admin/audit.csv: the entries the filters of GET /api/admin/audit select, as a download. */
export async function auditRoutes(app: FastifyInstance, deps: { db: DB }): Promise<void> {
  app.get('/api/admin/audit.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'administrator');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    const parsed = AuditListInput.safeParse(req.query ?? {});
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? serverMessages.invalidInput });
    const csv = await auditCsv(deps.db, parsed.data);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
