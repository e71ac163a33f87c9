import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { staffRefusal } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { renewalsCsv } from './renewals.service.ts';

/** GET /api/admin/renewals.csv: the Renewals screen's lists as a download (administrators). */
export async function renewalsRoutes(app: FastifyInstance, deps: { db: DB }): Promise<void> {
  app.get('/api/admin/renewals.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'administrator');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    // Phone numbers and addresses taken home are recorded with the file (decision 0034).
    const csv = await audited({ db: deps.db, req, user: refused.user }, { entity: 'renewals', action: 'export', id: null, changes: () => null }, (trx) =>
      renewalsCsv(trx),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="renewals-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
