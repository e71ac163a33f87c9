import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { listSubscribers, subscribersCsv } from './newsletter.service.ts';
import { audited } from '../audit/audit.ts';

/** GET /api/admin/newsletter/subscribers.csv: the list as a download (administrators). */
export async function newsletterRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/api/admin/newsletter/subscribers.csv', async (req, reply) => {
    const refused = await staffRefusal({ db: deps.db, req }, 'administrator');
    if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    const list = await audited(
      { db: deps.db, req, user: refused.user },
      { entity: 'newsletter-subscriber', action: 'export', id: null, changes: (l) => ({ rows: { old: null, new: l.length } }) },
      (trx: DB) => listSubscribers(trx),
    );
    const csv = subscribersCsv(list);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
