import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { AdminVolunteersCsvInput } from '@post/contracts/volunteers';
import { E } from '@post/contracts/messages';
import type { Env } from '../../env.ts';
import { currentAdmin } from '../../trpc.ts';
import { rosterCsv } from './roster.service.ts';

/** GET /api/admin/volunteers.csv?eventId=&q=: the roster as a download (administrators; issue 20). */
export async function rosterRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/volunteers.csv', async (req, reply) => {
    const admin = await currentAdmin({ db: deps.db, req });
    if (!admin) return reply.code(401).send({ message: E.adminRequired });
    const parsed = AdminVolunteersCsvInput.safeParse(req.query ?? {});
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Invalid query', issues: parsed.error.issues });
    const csv = await rosterCsv(deps.db, parsed.data);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="volunteers-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
