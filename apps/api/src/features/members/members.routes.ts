import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { membersCsv } from './members.csv.ts';
import { audited } from '../audit/audit.ts';

/** GET /api/admin/members.csv: the member directory as a download (administrators). */
export async function membersRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/members.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'administrator');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    // Who took the directory (addresses, phone numbers) home is recorded with the file (decision 0034).
    const csv = await audited({ db: deps.db, req, user: refused.user }, { entity: 'member', action: 'export', id: null, changes: () => null }, (trx) =>
      membersCsv(trx),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="members-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
