import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { staffRefusal } from '../../trpc.ts';
import { listSubscribers, subscribersCsv, unsubscribe } from './newsletter.service.ts';
import { audited } from '../audit/audit.ts';

/**
 * GET /api/admin/newsletter/subscribers.csv: the confirmed subscribers as a download
 * (administrators). POST /api/newsletter/one-click-unsubscribe?token=: the address of every
 * copy's List-Unsubscribe header, for the RFC 8058 one-click POST a mail program sends
 * (form body `List-Unsubscribe=One-Click`, urlencoded or multipart).
 */
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

  await app.register(async (scope) => {
    const asText = (_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) =>
      done(null, typeof body === 'string' ? body : body.toString('utf8'));
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, asText);
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, asText);
    scope.post('/api/newsletter/one-click-unsubscribe', async (req, reply) => {
      const token = (req.query as Record<string, unknown>).token;
      const body = typeof req.body === 'string' ? req.body : '';
      if (!/List-Unsubscribe=One-Click|name="List-Unsubscribe"[\s\S]*One-Click/i.test(body)) {
        return reply.code(400).send({ message: 'Expected the one-click body List-Unsubscribe=One-Click (RFC 8058).' });
      }
      try {
        await unsubscribe(deps.db, typeof token === 'string' ? token : '');
      } catch (err) {
        if (err instanceof AppError) return reply.code(400).send({ message: err.message });
        throw err;
      }
      return reply.header('Cache-Control', 'no-store').send({ ok: true });
    });
  });
}
