import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { AdminVolunteersCsvInput } from '@post/contracts/volunteers';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { rosterCsv } from './roster.service.ts';

/** GET /api/admin/volunteers.csv?eventId=&q=: the roster as a download (staff; issue 20), recorded in the audit log. */
export async function rosterRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/volunteers.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'staff');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    const parsed = AdminVolunteersCsvInput.safeParse(req.query ?? {});
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Invalid query', issues: parsed.error.issues });
    // Who took the volunteers' contacts home is recorded with the file (issue 21 #4).
    const filter = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, { old: null, new: v }]));
    const csv = await audited({ db: deps.db, req, user: refused.user }, { entity: 'volunteer', action: 'export', id: null, changes: () => filter }, (trx) =>
      rosterCsv(trx, parsed.data),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="volunteers-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
